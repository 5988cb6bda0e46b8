import { lazyView } from '../lazyView';

/** /chat. Owned by the live-chat work. */
export const chatViews = {
  console: lazyView(() => import('./ChatConsolePage')),
};
