import type { Http } from '../api/http';
import type { SystemRoot } from './root';

/**
 * The portal's areas and where each is composed (the API implementations built over the portal's
 * transport and wired into the machines). Each area's file is imported only by that area's hooks
 * and route loader, so an area's machines and APIs load with its first page, not with the first
 * screen (issue 25; build/chunking.ts keeps them out of the signed-in `portal` chunk):
 *
 *   - areas/resources.ts: resource and relation actors (clients too), the reference cache, the
 *     feedback form's conversation search (the resource pages);
 *   - areas/shell.ts and areas/palette.ts: preferences (the signed-in shell) and the command palette;
 *   - areas/reporting.ts and reviewArea.ts: statistics, conversation reports, the player, review;
 *   - areas/chat.ts: live chat and the bots or instances a chat or call targets;
 *   - areas/flows.ts: the page flows (account flows, the outbound call).
 *
 * Every area's actors still go through the root (`ensureSystemActor` → `root.spawn`): one system,
 * which the session rule stops at sign-out and the inspector lists. The shell's own actors (auth,
 * navigation, account filter, dashboard, route) are wired in root.ts.
 *
 * Views never build an API client: they open actors through their area by name.
 */
export interface AreaOwner {
  root: SystemRoot;
  http: Http;
}
