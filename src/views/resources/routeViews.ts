import { notAvailableView } from '../common/notAvailableView';
import type { lazyView } from '../lazyView';

type View = ReturnType<typeof lazyView>;
export type ResourcePage = 'index' | 'new' | 'read' | 'edit';

/** Views of the resource sections, by section key and page. A section not built yet falls back to "not available yet". */
export function resourceView(_sectionKey: string, _page: ResourcePage): View {
  return notAvailableView;
}

/** Section-specific extra pages (`/accounts/{id}/delete`, `/bots/{botId}/duplicate`). */
export const resourceExtraViews = {
  accountDelete: notAvailableView,
  botDuplicate: notAvailableView,
};
