/** systemIds of the long-lived actors: the inspector and tests reach them by these names. */
export const ACTOR_IDS = {
  root: 'root',
  auth: 'auth',
  navigation: 'navigation',
  accountFilter: 'accountFilter',
  dashboard: 'dashboard',
  chat: 'chat',
} as const;

export const resourceActorId = (resource: string) => `resource:${resource}`;
