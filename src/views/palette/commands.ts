import type { Permissions } from '../../api/schemas/permissions';
import { can, permittedSections } from '../../machines/permissions';
import type { Appearance } from '../../machines/effects';
import { RESOURCE_SECTIONS } from '../../sections';
import { inSentence } from '../resources/sectionConfig';
import { SECTION_CONFIGS } from '../resources/sectionConfigs';
import { REPORT_LINKS } from '../reporting/reportLinks';

/** One entry of the palette: where it goes or what it does. */
export interface Command {
  id: string;
  group: 'Go to' | 'Actions' | 'Records';
  label: string;
  /** Extra words it is found by (a section's name under a report, "create" for New…). */
  keywords?: string;
  run: { go: string } | { action: 'signOut' | 'shortcuts' } | { appearance: Appearance };
}

export interface CommandContext {
  permissions: Permissions | null;
  /** The current path: a bot's record offers a chat with that bot. */
  location: string;
  /** The scheme in use, for the theme switch's wording. */
  scheme: 'light' | 'dark';
}

/** Every command the user may run here (SPEC §6: only what permissions allow). */
export function commandsFor({ permissions, location, scheme }: CommandContext): Command[] {
  const commands: Command[] = [{ id: 'go:dashboard', group: 'Go to', label: 'Dashboard', run: { go: '/dashboard' } }];
  for (const section of permittedSections(permissions)) {
    if (section.key === 'reporting') {
      for (const report of REPORT_LINKS) commands.push({ id: `go:${report.href}`, group: 'Go to', label: report.href === '/reporting' ? 'Reporting' : `Reporting: ${report.label}`, keywords: 'report statistics', run: { go: report.href } });
    } else commands.push({ id: `go:${section.key}`, group: 'Go to', label: section.label, run: { go: `/${section.key}` } });
  }
  commands.push({ id: 'go:settings', group: 'Go to', label: 'Settings', keywords: 'profile password theme', run: { go: '/settings' } });

  for (const section of RESOURCE_SECTIONS) {
    const config = SECTION_CONFIGS[section.key as keyof typeof SECTION_CONFIGS];
    if (!config || config.readOnly || !section.model || !can(permissions, section.model, 'add')) continue;
    commands.push({ id: `new:${section.key}`, group: 'Actions', label: `New ${inSentence(config.singular)}`, keywords: `create add ${section.label}`, run: { go: `/${section.key}/new` } });
  }
  if (can(permissions, 'Chat', 'browse')) {
    const bot = /^\/bots\/([^/?#]+)/.exec(location)?.[1];
    if (bot && bot !== 'new') commands.push({ id: 'chat:bot', group: 'Actions', label: 'Start a chat with this bot', keywords: 'talk message', run: { go: `/chat?bot=${encodeURIComponent(bot)}` } });
    commands.push({ id: 'chat:new', group: 'Actions', label: 'Start a chat', keywords: 'talk message bot', run: { go: '/chat' } });
  }
  if (can(permissions, 'Chat', 'browse') && can(permissions, 'Chat', 'add')) commands.push({ id: 'call:new', group: 'Actions', label: 'Place a call', keywords: 'phone dial outbound', run: { go: '/chat#place-call' } });
  commands.push({ id: 'theme', group: 'Actions', label: scheme === 'dark' ? 'Switch to the light theme' : 'Switch to the dark theme', keywords: 'appearance dark light mode', run: { appearance: scheme === 'dark' ? 'light' : 'dark' } });
  commands.push({ id: 'shortcuts', group: 'Actions', label: 'Keyboard shortcuts', keywords: 'help keys ?', run: { action: 'shortcuts' } });
  commands.push({ id: 'signOut', group: 'Actions', label: 'Sign out', keywords: 'log out logout', run: { action: 'signOut' } });
  return commands;
}

/** Every word typed appears in the label or keywords, in any order, case ignored. */
export function matches(command: Pick<Command, 'label' | 'keywords'>, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${command.label} ${command.keywords ?? ''}`.toLowerCase();
  return words.every((word) => text.includes(word));
}
