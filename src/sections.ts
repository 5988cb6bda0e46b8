/**
 * The sections of SPEC §2 as plain data: the route table, the menu, landing and navigation flows
 * all read this one list. Pure, so machines may import it (they never import the router).
 */
export interface Section {
  /** First path segment, also the navigation flow's name. */
  key: string;
  label: string;
  /** SPEC §3 model name used for permissions; null = no permission needed. */
  model: string | null;
  /** Route parameter name of the record id, as SPEC §2 spells it; null = index only. */
  idParam: string | null;
  /** /{id}/{tab} routes exist. */
  tabs: boolean;
  /** /{id}/edit/{tab} routes exist. */
  editTabs: boolean;
  /** Shown in the side menu. */
  inMenu: boolean;
  /** Not one of SPEC §2's sections (clients): in the menu, but never the one section a user lands on. */
  extra?: boolean;
}

const section = (key: string, label: string, model: string | null, idParam: string | null, tabs = true, editTabs = tabs): Section => ({
  key,
  label,
  model,
  idParam,
  tabs,
  editTabs,
  inMenu: true,
});

export const RESOURCE_SECTIONS: readonly Section[] = [
  section('users', 'Users', 'Users', 'userId', false, false),
  section('accounts', 'Accounts', 'Accounts', 'id', false, false),
  section('roles', 'Roles', 'Roles', 'roleId'),
  section('instances', 'Instances', 'Instances', 'InstanceId'),
  section('actions', 'Actions', 'Actions', 'ActionId'),
  section('contacts', 'Contacts', 'Contacts', 'ContactId'),
  section('feedback', 'Feedback', 'Feedback', 'feedbackId', false, false),
  section('agents', 'Agents', 'Agents', 'agentId'),
  section('agent-instructions', 'Agent Instructions', 'AgentInstructions', 'agentId'),
  section('tools', 'Tools', 'Tools', 'toolId'),
  section('llms', 'LLMs', 'LLMs', 'llmId', false, false),
  section('bots', 'Bots', 'Bots', 'botId'),
  section('dispositions', 'Dispositions', 'Dispositions', 'dispositionId'),
  section('scorecards', 'Scorecards', 'Scorecards', 'scorecardId', false, false),
  section('workflows', 'Workflows', 'Workflows', 'workflowId', true, false),
];

export const REPORTING_SECTION: Section = section('reporting', 'Reporting', 'Reporting', null, false, false);
export const CHAT_SECTION: Section = section('chat', 'Chat', 'Chat', null, false, false);
export const SETTINGS_SECTION: Section = { ...section('settings', 'Settings', null, null, false, false), inMenu: false };

/** SPEC §3 "Client: read-only list": its own list screen; clients belong to accounts (Accounts browse). */
export const CLIENTS_SECTION: Section = { ...section('clients', 'Clients', 'Accounts', null, false, false), extra: true };

export const ALL_SECTIONS: readonly Section[] = [...RESOURCE_SECTIONS, CLIENTS_SECTION, REPORTING_SECTION, CHAT_SECTION, SETTINGS_SECTION];

export function sectionByKey(key: string): Section | undefined {
  return ALL_SECTIONS.find((s) => s.key === key);
}

/** The navigation flow a path belongs to: its first segment, or `dashboard` for `/`. */
export function flowOf(path: string): string {
  const segment = path.split(/[?#]/)[0]?.split('/').filter(Boolean)[0];
  return segment ?? 'dashboard';
}

/** The entry point of a flow: its section index, else the dashboard. */
export function entryPointOf(flow: string): string {
  return sectionByKey(flow) ? `/${flow}` : '/dashboard';
}
