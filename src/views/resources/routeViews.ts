import { lazy } from 'react';
import { sectionByKey } from '../../sections';
import { CHUNK_LOAD_TIMEOUT_MS, lazyView, withTimeout, type ViewModule } from '../lazyView';

type View = ReturnType<typeof lazyView>;
export type ResourcePage = 'index' | 'new' | 'read' | 'edit';

/**
 * A lazy page that does not suspend once its chunk is in: React.lazy suspends on any pending
 * promise, and React 19 holds a revealed Suspense boundary back for up to 300 ms, which made a
 * warmed page wait anyway. A chunk already loaded is handed over synchronously.
 */
function warmableView(load: () => Promise<ViewModule>) {
  let loaded: ViewModule | undefined;
  let pending: Promise<ViewModule> | undefined;
  const warm = () => (pending ??= load().then((module) => (loaded = module)));
  const ready = (module: ViewModule) => ({ then: (resolve: (m: ViewModule) => void) => resolve(module) }) as unknown as Promise<ViewModule>;
  const view = lazy(() => (loaded ? ready(loaded) : withTimeout(warm(), CHUNK_LOAD_TIMEOUT_MS)));
  return { view, warm };
}

const list = warmableView(() => import('./ListPage'));
const form = warmableView(() => import('./FormPage'));
const detail = warmableView(() => import('./DetailPage'));
const loaders = { list: list.warm, form: form.warm, detail: detail.warm };

// One chunk per page kind, shared by all fifteen sections: the section's config is read inside.
const pages: Record<ResourcePage, View> = { index: list.view, new: form.view, read: detail.view, edit: form.view };

/**
 * When the portal opens on a resource page, fetch that page's chunk while the session is being
 * restored instead of after it (the two used to run one after the other). Imports are cached, so
 * the lazy view later gets the same module.
 */
function warmFirstScreen(): void {
  if (typeof window === 'undefined' || typeof window.location === 'undefined') return;
  const [section, second, third] = window.location.pathname.split('/').filter(Boolean);
  if (!section || !sectionByKey(section)?.idParam) return;
  const load = !second ? loaders.list : second === 'new' || third === 'edit' ? loaders.form : loaders.detail;
  void load().catch(() => {
    /* the lazy view reports a failed chunk when it renders */
  });
}
warmFirstScreen();

/** Views of the resource sections, by section key and page. */
export function resourceView(_sectionKey: string, page: ResourcePage): View {
  return pages[page];
}

/** Section-specific extra pages (`/accounts/{id}/delete`, `/bots/{botId}/duplicate`). */
export const resourceExtraViews = {
  accountDelete: lazyView(() => import('./AccountDeletePage')),
  botDuplicate: lazyView(() => import('./BotDuplicatePage')),
};
