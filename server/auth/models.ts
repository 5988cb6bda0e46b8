/**
 * The permission model names of SPEC §3, in SPEC order. The permissions endpoint answers one
 * entry per name (plus Global), so the portal never has to guess a missing model.
 */
export const MODEL_NAMES = [
  'Accounts', 'Users', 'Actions', 'Call-Data', 'Instances', 'Recordings', 'Roles', 'Chat',
  'Feedback', 'Contacts', 'Sip-Credentials', 'Transcripts', 'UsageSummaries', 'Reporting',
  'Agents', 'AgentInstructions', 'Tools', 'Bots', 'LLMs', 'Dispositions', 'Scorecards',
  'Workflows',
  // Issue 29: evaluating conversations and pinning notes (add: evaluate and pin, edit: one's own drafts and notes).
  'Evaluations',
  // Issue 28: watching live chats and calls read-only (read: watch; level 9 every account, else one's own).
  'Live-Watch',
] as const;

export type ModelName = (typeof MODEL_NAMES)[number];

export const PERMISSION_ACTIONS = ['browse', 'read', 'edit', 'add', 'delete'] as const;

export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** SPEC §6 and §9: level 9 on a model means "every account", lower means "own account". */
export const GLOBAL_LEVEL = 9;

export interface ModelPermission {
  browse: boolean;
  read: boolean;
  edit: boolean;
  add: boolean;
  delete: boolean;
  level: number;
}

export function isModelName(value: string): value is ModelName {
  return (MODEL_NAMES as readonly string[]).includes(value);
}
