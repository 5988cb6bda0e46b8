import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { ResourceRecord } from '../api/resources';

/** A record found by name in one section. */
export interface FoundRecord {
  section: string;
  record: ResourceRecord;
}

export interface RecordSearchResult {
  records: FoundRecord[];
  /** Sections whose search failed: named to the user, the others' results still shown. */
  failed: string[];
}

export interface RecordSearchInput {
  query: string;
  sections: readonly string[];
}

export interface PaletteContext {
  sections: readonly string[];
  query: string;
  found: RecordSearchResult;
}

export type PaletteEvent = { type: 'palette.type'; query: string };

/** Fewer characters than this find no records (commands still filter from the first one). */
export const MIN_RECORD_QUERY = 2;
/** Typing settles for this long before the sections are asked (SPEC §9's debounce default). */
export const RECORD_SEARCH_DEBOUNCE_MS = 300;
/** Records shown per section. */
export const RECORDS_PER_SECTION = 5;
const NOTHING: RecordSearchResult = { records: [], failed: [] };

/**
 * The command palette's record search (issue 30): records by name across the sections the user may
 * browse. idle (query too short) → debouncing → searching → showing; a new keystroke supersedes the
 * search in flight (leaving `searching` aborts its requests). Commands themselves are filtered by
 * the view: they need no network.
 */
export const paletteMachine = setup({
  types: {
    context: {} as PaletteContext,
    events: {} as PaletteEvent,
    input: {} as { sections: readonly string[] },
  },
  actors: {
    searchRecords: fromPromise<RecordSearchResult, RecordSearchInput>(async () => {
      throw new Error('searchRecords: no actor provided');
    }),
  },
  delays: { debounce: RECORD_SEARCH_DEBOUNCE_MS },
  guards: {
    'query is long enough': ({ event }) => event.query.trim().length >= MIN_RECORD_QUERY,
  },
  actions: {
    takeQuery: assign({ query: ({ event }) => event.query }),
  },
}).createMachine({
  id: 'palette',
  context: ({ input }) => ({ sections: input.sections, query: '', found: NOTHING }),
  initial: 'idle',
  on: {
    'palette.type': [
      { guard: 'query is long enough', target: '.debouncing', reenter: true, actions: 'takeQuery' },
      { target: '.idle', actions: ['takeQuery', assign({ found: NOTHING })] },
    ],
  },
  states: {
    idle: {},
    debouncing: {
      tags: ['busy'],
      after: { debounce: 'searching' },
    },
    searching: {
      tags: ['busy'],
      invoke: {
        src: 'searchRecords',
        input: ({ context }) => ({ query: context.query.trim(), sections: context.sections }),
        onDone: { target: 'showing', actions: assign({ found: ({ event }) => event.output }) },
        // Every section failed at once (offline): the commands still work.
        onError: { target: 'showing', actions: assign({ found: ({ context }) => ({ records: [], failed: [...context.sections] }) }) },
      },
    },
    showing: {},
  },
});

export type PaletteActor = ActorRefFrom<typeof paletteMachine>;

/** Each section asked in parallel for its first few matches; one section failing does not hide the others. */
export function createPaletteMachine(browse: (section: string, query: string, signal: AbortSignal) => Promise<ResourceRecord[]>) {
  return paletteMachine.provide({
    actors: {
      searchRecords: fromPromise<RecordSearchResult, RecordSearchInput>(async ({ input, signal }) => {
        const answers = await Promise.allSettled(input.sections.map((section) => browse(section, input.query, signal)));
        const found: RecordSearchResult = { records: [], failed: [] };
        answers.forEach((answer, i) => {
          const section = input.sections[i]!;
          if (answer.status === 'rejected') found.failed.push(section);
          else for (const record of answer.value.slice(0, RECORDS_PER_SECTION)) found.records.push({ section, record });
        });
        return found;
      }),
    },
  });
}
