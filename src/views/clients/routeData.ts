import { openClients } from '../../machines/areas/resources';
import type { RouteDataOwner, RouteDef, RoutePlaceNow } from '../../route';
import { listQuery, parseListState } from '../resources/listState';
import { listMove } from '../resources/routeData';

export const CLIENTS_DEFAULT_SORT = 'name';

/** /clients' first call for each new place (the route actor runs it): THE list rule of every list (listMove). */
export function startRouteData(owner: RouteDataOwner, _route: RouteDef, _params: Record<string, string | undefined>, place: RoutePlaceNow): void {
  const clients = openClients(owner);
  const state = parseListState(place.search, CLIENTS_DEFAULT_SORT);
  const before = place.before && { state: parseListState(place.before.search, CLIENTS_DEFAULT_SORT), accountId: place.before.accountId };
  const move = listMove(state, before, place.accountId, clients.getSnapshot().context.list?.links);
  // Clients never start over at page 1 on another account (their page kept its place before too): a browse.
  if (move.kind === 'paginate') clients.send({ type: 'clients.paginate', url: move.url, query: listQuery(state) });
  else clients.send({ type: 'clients.browse', query: listQuery(state) });
}
