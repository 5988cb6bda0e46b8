import { lazyView } from '../lazyView';

/** The honest placeholder for a route whose screen is not built yet. */
export const notAvailableView = lazyView(() => import('./NotAvailableYet'));
