import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ClientsApi } from '../api/clients';
import type { List } from '../api/envelope';
import type { Query } from '../api/query';
import type { Client } from '../api/schemas/client';
import { createChildOperation, operationChild, type OperationActor, type OperationReport } from './operation';

/** SPEC §3/§7: clients are a read-only list, so browse and paginate are its only operations. */
export const CLIENT_LIST_OPERATIONS = ['browse', 'paginate'] as const;
export type ClientListOperation = (typeof CLIENT_LIST_OPERATIONS)[number];

export interface ClientListContext {
  list: List<Client> | null;
  /** Which call owns `list`: a slower, older one never overwrites a newer one. */
  listKind: ClientListOperation | null;
}

export type ClientListEvent =
  | { type: 'clients.browse'; query: Query }
  /** `query`: the list's current parameters, added where the server's link lacks them. */
  | { type: 'clients.paginate'; url: string; query: Query }
  | OperationReport;

export const clientListSystemId = 'clients';
export const clientOperationSystemId = (kind: ClientListOperation) => `${clientListSystemId}:${kind}`;

/** The clients list (systemId `clients`): GET /v1/clients/ and its pagination links. */
export function createClientListMachine(api: Pick<ClientsApi, 'browse' | 'paginate'>) {
  return setup({
    types: { context: {} as ClientListContext, events: {} as ClientListEvent },
    actors: {
      browse: createChildOperation((query: Query, signal) => api.browse(query, signal)),
      paginate: createChildOperation(({ url, query }: { url: string; query: Query }, signal) => api.paginate(url, query, signal)),
    },
  }).createMachine({
    id: clientListSystemId,
    context: { list: null, listKind: null },
    entry: enqueueActions(({ enqueue }) => {
      for (const kind of CLIENT_LIST_OPERATIONS) enqueue.spawnChild(kind, { id: kind, systemId: clientOperationSystemId(kind), input: { summary: 'Error Loading Records' } });
    }),
    on: {
      'clients.browse': {
        actions: [assign({ listKind: 'browse' }), enqueueActions(({ enqueue, event }) => enqueue.sendTo('browse', { type: 'operation.start', input: event.query }))],
      },
      'clients.paginate': {
        actions: [assign({ listKind: 'paginate' }), enqueueActions(({ enqueue, event }) => enqueue.sendTo('paginate', { type: 'operation.start', input: { url: event.url, query: event.query } }))],
      },
      'operation.report.succeeded': {
        guard: ({ context, event }) => context.listKind === event.kind,
        actions: assign({ list: ({ event }) => event.output as List<Client> }),
      },
    },
  });
}

export type ClientListActor = ActorRefFrom<ReturnType<typeof createClientListMachine>>;
export type ClientListSnapshot = SnapshotFrom<ReturnType<typeof createClientListMachine>>;

export function clientListOperation(actor: ClientListActor, kind: ClientListOperation): OperationActor {
  const child = operationChild(actor, kind);
  if (!child) throw new Error(`clients: no operation "${kind}"`);
  return child;
}
