import { notAvailableView } from '../common/notAvailableView';

/** /chat. Owned by the live-chat work. */
export const chatViews = {
  console: notAvailableView,
};
