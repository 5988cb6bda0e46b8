import type { ResourceRecord } from '../../../api/resources';

/** "3 agents", "1 agent". */
export const agentCount = (n: number) => `${n} ${n === 1 ? 'agent' : 'agents'}`;

/** How many agents a bot record lists, when the backend sends them (ids or records). */
function agentsOf(bot: ResourceRecord | null | undefined): number | null {
  return Array.isArray(bot?.agents) ? bot.agents.length : null;
}

/**
 * What a bot duplicate or import did, said in the toast (issue 26 item 9): the new bot's name
 * and, when the backend lists them, its agents. A duplicate shares the source's agents (the
 * reference API links the same ones) and starts on no instance.
 */
export function botWriteOutcome(kind: 'duplicate' | 'import', bot: ResourceRecord | null | undefined, sourceName: string): string {
  const name = typeof bot?.name === 'string' && bot.name ? bot.name : sourceName;
  const agents = agentsOf(bot);
  if (kind === 'duplicate') {
    const shared = agents === null ? '' : agents === 0 ? ', with no agents' : `, with the same ${agentCount(agents)}`;
    return `Created “${name}”, a copy of “${sourceName}”${shared}. It is on no instance yet.`;
  }
  return `Imported “${name}”${agents === null ? '' : agents === 0 ? ', with no agents' : ` with ${agentCount(agents)}`}.`;
}

/** What a chosen bot file says it holds: enough to tell a repeated import before it is sent. */
export interface BotFileSummary {
  name: string;
  agents: string[];
}

/**
 * The bot's name and agent names of an export file (docs/resources-contract.md "bot export"),
 * or null when the file is not one: the server then says why, under "Import Failed".
 */
export function readBotFile(text: string): BotFileSummary | null {
  try {
    const file = JSON.parse(text.replace(/^\uFEFF/, '')) as { bot?: { name?: unknown }; agents?: unknown };
    const name = typeof file.bot?.name === 'string' ? file.bot.name.trim() : '';
    if (!name) return null;
    const agents = Array.isArray(file.agents) ? file.agents.map((a: { name?: unknown }) => (typeof a?.name === 'string' ? a.name : '')).filter(Boolean) : [];
    return { name, agents };
  } catch {
    return null;
  }
}

/** The warning before a file whose bot the account already has is imported again. */
export function repeatImportMessage(file: BotFileSummary, existing: readonly ResourceRecord[]): string {
  const ids = existing.slice(0, 3).map((bot) => `#${String(bot.id)}`).join(', ');
  const agents = file.agents.length === 0 ? 'no agents' : `${agentCount(file.agents.length)} (${file.agents.slice(0, 5).join(', ')}${file.agents.length > 5 ? ', …' : ''})`;
  return `This account already has ${existing.length === 1 ? 'a bot' : `${existing.length} bots`} named “${file.name}” (${ids}${existing.length > 3 ? ', …' : ''}). ` +
    `Importing this file again creates another bot “${file.name}” with ${file.agents.length === 0 ? agents : `new copies of its ${agents}`}; ` +
    'instructions, LLMs and tools the account already has are reused, not copied.';
}
