/** systemIds of the long-lived actors: the inspector and tests reach them by these names. */
export const ACTOR_IDS = {
  root: 'root',
  auth: 'auth',
  navigation: 'navigation',
  /** The sender of each page's first call (machines/route.ts). */
  route: 'route',
  accountFilter: 'accountFilter',
  dashboard: 'dashboard',
  chat: 'chat',
  statistics: 'statistics',
  conversationReports: 'conversationReports',
  conversationReport: 'conversationReport',
  conversationPlayer: 'conversationPlayer',
  /** A supervisor watching a live chat or call on the conversation page (issue 28, machines/liveWatch.ts). */
  liveWatch: 'liveWatch',
  /** Conversation review (issue 29, machines/reviewArea.ts). */
  evaluation: 'evaluation',
  reviewQueue: 'reviewQueue',
  conversationNotes: 'conversationNotes',
  turnTimings: 'turnTimings',
  reviewStatistics: 'reviewStatistics',
  scorecardItems: 'scorecardItems',
  /** Names of linked records and account-scoped picker choices (machines/references.ts). */
  references: 'references',
  /** The user's theme and saved list views (user settings). */
  preferences: 'preferences',
  /** The command palette's record search, while the palette is open. */
  palette: 'palette',
  /** Bulk deletes waiting for their Undo window or being sent (issue 30, machines/bulkDelete.ts). */
  bulkDelete: 'bulkDelete',
  /** A list page's selection (machines/bulkSelection.ts), alive while its page is. */
  bulkSelection: (section: string) => `bulkSelection:${section}`,
  /** The tab's live channel to the gateway's `/live` namespace (issue 30, machines/liveChannel.ts). */
  live: 'live',
  /** A list page's live refresh (machines/liveList.ts), alive while its page is. */
  liveList: (list: string) => `liveList:${list}`,
  /** The feedback form's conversation picker. */
  conversationSearch: 'conversationSearch',
  /** A section's resource actor; its operations are `resource:<section>:<kind>`. */
  resource: (section: string) => `resource:${section}`,
  /** The bots or instances a chat or call can target. */
  targets: (kind: string) => `targets:${kind}`,
  /** A page's flow (account flows, the outbound call), alive while its page is. */
  flow: (name: string) => `flow:${name}`,
} as const;

export const resourceActorId = ACTOR_IDS.resource;
