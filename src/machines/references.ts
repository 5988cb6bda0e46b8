import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ResourceKey, ResourceRecord } from '../api/resources';

/**
 * What the portal knows of one referenced record (react-admin's ReferenceField cache):
 * `loading` while its batch is out, `found` with the record, `missing` when the answer left it
 * out (deleted, another account's, or a call that failed: shown as "#id", never an error page).
 */
export type ReferenceEntry = { state: 'loading'; at: number } | { state: 'found'; record: ResourceRecord; at: number } | { state: 'missing'; at: number };

/** A picker's records for one section in one scope (an account, or the global filter's). */
export interface OptionsEntry {
  state: 'loading' | 'ready' | 'failed';
  records: ResourceRecord[];
  at: number;
}

/** What a reference points into: a section's records (by id), or reporting's conversations (by uuid). */
export type ReferenceSection = ResourceKey | 'conversations';

/** The key a record is known by: a conversation by its uuid, anything else by its id. */
export const referenceKeyOf = (section: ReferenceSection, record: ResourceRecord): string => String(section === 'conversations' ? record.uuid : record.id);

export interface ReferencesContext {
  names: Partial<Record<ReferenceSection, Record<string, ReferenceEntry>>>;
  /** By `optionsKey(section, scope)`. */
  options: Record<string, OptionsEntry>;
}

export type ReferencesEvent =
  /** A page shows these ids of `section`: fetch the ones not known (one call per section). */
  | { type: 'references.need'; section: ReferenceSection; ids: readonly string[] }
  /** A picker wants `section`'s records of `accountId` (null: the global filter's scope); `scope` names that scope. */
  | { type: 'references.options'; section: ResourceKey; accountId: string | null; scope: string }
  | { type: 'references.found'; section: ReferenceSection; ids: readonly string[]; records: ResourceRecord[] }
  /** A record just saved or created: its name is known now, and the section's picker choices are stale. */
  | { type: 'references.remember'; section: ResourceKey; record: ResourceRecord }
  | { type: 'references.optionsLoaded'; key: string; records: ResourceRecord[] }
  | { type: 'references.optionsFailed'; key: string };

type LoaderRequest =
  | { type: 'lookup'; section: ReferenceSection; ids: string[] }
  | { type: 'options'; key: string; section: ResourceKey; accountId: string | null };

export interface ReferencesDeps {
  lookup: (section: ReferenceSection, ids: readonly string[], signal: AbortSignal) => Promise<ResourceRecord[]>;
  options: (section: ResourceKey, accountId: string | null, signal: AbortSignal) => Promise<ResourceRecord[]>;
  /**
   * Records the portal holds already (the account filter's accounts): `tell` is called with them
   * now and whenever they change, and they answer `references.need` without a call. Returns the
   * unsubscribe.
   */
  known?: (tell: (section: ReferenceSection, records: ResourceRecord[]) => void) => () => void;
  now?: () => number;
}

/** A known name is asked again after this long (a record renamed elsewhere shows its new name). */
export const NAME_TTL_MS = 60_000;
/** A picker's records are asked again after this long (a record created meanwhile appears). */
export const OPTIONS_TTL_MS = 15_000;
/** Bound on the ids one event may ask for. */
const MAX_IDS = 500;

export const optionsKey = (section: ResourceKey, scope: string) => `${section}|${scope}`;

/** An id the cache asks for: others are never sent (they show as "#id"). */
export const isReferenceId = (id: string) => /^[A-Za-z0-9_-]{1,64}$/.test(id);

/**
 * THE reference cache of the portal: names of linked records in batches (one call per
 * referenced section per page, cached), and the choices of account-scoped pickers. Calls run in
 * one loader child; stopping the actor (end of session) aborts them.
 */
export function createReferencesMachine({ lookup, options, known, now = Date.now }: ReferencesDeps) {
  return setup({
    types: { context: {} as ReferencesContext, events: {} as ReferencesEvent },
    actors: {
      loader: fromCallback<LoaderRequest>(({ sendBack, receive }) => {
        const controller = new AbortController();
        receive((request) => {
          if (request.type === 'lookup') {
            lookup(request.section, request.ids, controller.signal).then(
              (records) => sendBack({ type: 'references.found', section: request.section, ids: request.ids, records }),
              // A failed lookup (403, network) leaves the ids as "#id": the page still works.
              () => sendBack({ type: 'references.found', section: request.section, ids: request.ids, records: [] }),
            );
          } else {
            options(request.section, request.accountId, controller.signal).then(
              (records) => sendBack({ type: 'references.optionsLoaded', key: request.key, records }),
              () => sendBack({ type: 'references.optionsFailed', key: request.key }),
            );
          }
        });
        return () => controller.abort();
      }),
      known: fromCallback(({ sendBack }) => (known ? known((section, records) => sendBack({ type: 'references.found', section, ids: [], records })) : undefined)),
    },
  }).createMachine({
    id: 'references',
    context: { names: {}, options: {} },
    invoke: [
      { id: 'loader', src: 'loader' },
      { id: 'known', src: 'known' },
    ],
    on: {
      'references.need': {
        actions: enqueueActions(({ context, event, enqueue }) => {
          const known = context.names[event.section] ?? {};
          const t = now();
          const wanted = [...new Set(event.ids.map(String))].filter(isReferenceId).slice(0, MAX_IDS).filter((id) => {
            const entry = known[id];
            return !entry || (entry.state !== 'loading' && t - entry.at > NAME_TTL_MS);
          });
          if (wanted.length === 0) return;
          const next = { ...known };
          // A stale name stays on screen while it is asked again.
          for (const id of wanted) if (next[id]?.state !== 'found') next[id] = { state: 'loading', at: t };
          enqueue.assign({ names: { ...context.names, [event.section]: next } });
          enqueue.sendTo('loader', { type: 'lookup', section: event.section, ids: wanted });
        }),
      },
      'references.found': {
        actions: assign(({ context, event }) => {
          const t = now();
          const next = { ...(context.names[event.section] ?? {}) };
          for (const id of event.ids) next[id] = { state: 'missing', at: t };
          for (const record of event.records) next[referenceKeyOf(event.section, record)] = { state: 'found', record, at: t };
          return { names: { ...context.names, [event.section]: next } };
        }),
      },
      'references.remember': {
        actions: assign(({ context, event }) => {
          const prefix = optionsKey(event.section, '');
          return {
            names: { ...context.names, [event.section]: { ...(context.names[event.section] ?? {}), [String(event.record.id)]: { state: 'found' as const, record: event.record, at: now() } } },
            // The next picker of this section asks again (a new LLM shows in the agent form at once).
            options: Object.fromEntries(Object.entries(context.options).filter(([key, entry]) => !key.startsWith(prefix) || entry.state === 'loading')),
          };
        }),
      },
      'references.options': {
        actions: enqueueActions(({ context, event, enqueue }) => {
          const key = optionsKey(event.section, event.scope);
          const entry = context.options[key];
          if (entry && (entry.state === 'loading' || (entry.state === 'ready' && now() - entry.at < OPTIONS_TTL_MS))) return;
          enqueue.assign({ options: { ...context.options, [key]: { state: 'loading', records: entry?.records ?? [], at: now() } } });
          enqueue.sendTo('loader', { type: 'options', key, section: event.section, accountId: event.accountId });
        }),
      },
      'references.optionsLoaded': {
        actions: assign(({ context, event }) => ({ options: { ...context.options, [event.key]: { state: 'ready' as const, records: event.records, at: now() } } })),
      },
      'references.optionsFailed': {
        actions: assign(({ context, event }) => ({
          options: { ...context.options, [event.key]: { state: 'failed' as const, records: context.options[event.key]?.records ?? [], at: now() } },
        })),
      },
    },
  });
}

export type ReferencesMachine = ReturnType<typeof createReferencesMachine>;
export type ReferencesActor = ActorRefFrom<ReferencesMachine>;
export type ReferencesSnapshot = SnapshotFrom<ReferencesMachine>;
