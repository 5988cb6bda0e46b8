/**
 * The live-lists extension of the gateway (docs/live-lists.md): a client of namespace `/live`
 * asks with `live-subscribe` (acknowledged `{ok: true}`) and from then on hears `records-changed`
 * whenever records it may browse are created, updated or deleted. No record data travels: a
 * client that wants the record asks the API, with its own permissions.
 */

export const LIVE_NAMESPACE = '/live';

export const LIVE_EVENTS = {
  /** Client → server, with an acknowledgement: start hearing changes. */
  subscribe: 'live-subscribe',
  /** Server → client: records of one resource changed. */
  changed: 'records-changed',
} as const;

export type ChangeKind = 'created' | 'updated' | 'deleted';

/** The `records-changed` payload. */
export interface RecordsChanged {
  /** The resource's path under /api/v1 (`contacts`, `agent-instructions`, …) or `conversations`. */
  resource: string;
  kind: ChangeKind;
  /** Record ids as strings (conversations: their uuid), at most MAX_IDS_PER_EVENT. */
  ids: string[];
  /** True when more records changed than `ids` names: refetch without marking them all. */
  more?: true;
}

/** Changes are gathered this long and sent together: a bulk delete of 100 is a few events, not 100. */
export const COALESCE_MS = 200;
/** Ids one event names at most. */
export const MAX_IDS_PER_EVENT = 50;
/** Distinct (resource, kind, account) groups waiting for one flush; beyond it the oldest group's ids are dropped (`more`). */
export const MAX_PENDING_GROUPS = 500;
