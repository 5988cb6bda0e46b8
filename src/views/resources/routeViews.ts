import { lazyView } from '../lazyView';

type View = ReturnType<typeof lazyView>;
export type ResourcePage = 'index' | 'new' | 'read' | 'edit';

// One chunk per page kind, shared by all fifteen sections: the section's config is read inside.
const pages: Record<ResourcePage, View> = {
  index: lazyView(() => import('./ListPage')),
  new: lazyView(() => import('./FormPage')),
  read: lazyView(() => import('./DetailPage')),
  edit: lazyView(() => import('./FormPage')),
};

/** Views of the resource sections, by section key and page. */
export function resourceView(_sectionKey: string, page: ResourcePage): View {
  return pages[page];
}

/** Section-specific extra pages (`/accounts/{id}/delete`, `/bots/{botId}/duplicate`). */
export const resourceExtraViews = {
  accountDelete: lazyView(() => import('./AccountDeletePage')),
  botDuplicate: lazyView(() => import('./BotDuplicatePage')),
};
