import { waitFor } from 'xstate';
import { ACTOR_IDS } from '../../machines/actorIds';
import { openReferences } from '../../machines/areas/resources';
import { referencesApi, referencesSelectors } from '../../machines/references.api';
import type { ResourceActor } from '../../machines/resource';
import { resourceSelectors } from '../../machines/resource.api';
import type { Portal } from '../../machines/root';
import { firstListNames, isListSection } from './listNames';

/**
 * The first screen of a list whose columns name other records (an agent's LLM, a feedback's
 * conversation): their names are asked for as soon as the first page is in, and the first screen
 * waits for them (bounded by `waitMs`), so the rows are drawn with their names, by the browser and
 * by a server drawing the page alike. Drawn before them, each name replaced its placeholder after
 * the first paint and moved the columns beside it (a layout shift of 0.03 on /agents and /feedback).
 * The server writes these lookups into the page with its first answers (docs/first-answers.md).
 */
export async function firstListNamesAnswered(portal: Portal, location: string, waitMs: number): Promise<void> {
  if (waitMs <= 0) return;
  const [path = '', search = ''] = location.split('?');
  const section = path.split('/')[1] ?? '';
  if (!isListSection(section)) return;
  const resource = portal.root.system.get(ACTOR_IDS.resource(section)) as ResourceActor | undefined;
  const rows = resource ? resourceSelectors.list(resource.getSnapshot())?.data : undefined;
  if (!rows?.length) return;
  const wanted = firstListNames(section, search, rows, portal.auth.getSnapshot().context.permissions, portal.accountFilter.getSnapshot().context.accountId);
  if (wanted.length === 0) return;
  const references = openReferences(portal);
  const { need } = referencesApi(references);
  for (const { section: referenced, ids } of wanted) need(referenced, ids);
  // Bounded; a lookup that fails or outlasts the wait leaves its names to be drawn when they come.
  await waitFor(references, (snapshot) => !referencesSelectors.lookingUp(snapshot, wanted), { timeout: waitMs }).catch(() => {});
}
