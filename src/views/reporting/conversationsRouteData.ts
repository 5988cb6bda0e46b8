import { openReporting } from '../../machines/areas/reporting';
import type { ConversationListActor, ConversationListEvent } from '../../machines/conversationReportList';
import type { RouteDataOwner, RouteDef, RoutePlaceNow } from '../../route';
import { pageSizeOf } from '../common/pageSize';
import { conversationQueryFromUrl } from './conversationQuery';

/**
 * The conversation lists' loader (routes.ts `conversationListData`): the Conversations page and
 * the by-disposition page talk to the conversation list actor. For each new place the route actor
 * runs `startRouteData`, which sends what the URL asks for; the pages send none of it themselves
 * (their retry, the live offer's "show" and their links ask again or move the URL).
 */

/** The Conversations page's list: the URL is its query (filters, search, sort, page). */
export function conversationsBrowse(params: URLSearchParams): ConversationListEvent {
  return { type: 'conversations.browse', query: conversationQueryFromUrl(params) };
}

/** The dispositions the URL chooses (ids only). */
export function chosenDispositions(params: URLSearchParams): string[] {
  return params.getAll('disposition').filter((d) => /^\d+$/.test(d));
}

/** The by-disposition page's list: the chosen dispositions' conversations, on the URL's page. */
export function dispositionList(params: URLSearchParams): ConversationListEvent | null {
  const chosen = chosenDispositions(params);
  return chosen.length ? { type: 'conversations.byDisposition', ids: chosen, query: { page: Number(params.get('page')) || 1, show: pageSizeOf(params) } } : null;
}

const OPTIONS: ConversationListEvent = { type: 'conversations.loadOptions' };

/** The conversation lists' actor. */
export function pageActor(owner: RouteDataOwner): ConversationListActor {
  return openReporting(owner).conversations;
}

/**
 * The page's first calls: the filters' options (the account's bots, roles, dispositions …) for a
 * new account or a first visit; the list again when the URL's query or the account changed.
 */
export function startRouteData(lists: ConversationListActor, route: RouteDef, _params: Record<string, string | undefined>, place: RoutePlaceNow): void {
  const params = new URLSearchParams(place.search);
  const sameAccount = place.before !== null && place.before.accountId === place.accountId;
  if (!sameAccount) lists.send(OPTIONS);
  if (sameAccount && place.before!.search === place.search) return;
  const list = route.path === '/reporting/conversations-by-disposition' ? dispositionList(params) : conversationsBrowse(params);
  if (list) lists.send(list);
}
