import { render } from '@testing-library/react';
import { waitFor } from 'xstate';
import { createHttp } from '../../../src/api/http';
import { parseRuntimeConfig } from '../../../src/config';
import { InspectorPanel } from '../../../src/inspector/InspectorPanel';
import { createRecorder } from '../../../src/inspector/recorder';
import { InspectorStore } from '../../../src/inspector/store';
import { startPortal } from '../../../src/machines/root';
import { sendFirstCalls } from '../../../src/routeData';
import { API } from '../../support/apiFixtures';

export const credentials = { email: 'admin@example.com', password: 'password' };

/** A whole portal system against msw, recorded from boot as main.tsx does when the inspector is allowed. */
export function startInspectedPortal(location = '/login') {
  const recorder = createRecorder();
  const config = parseRuntimeConfig({ apiOrigin: API });
  const portal = startPortal({ http: createHttp(config), config, location, firstCalls: sendFirstCalls }, { inspect: recorder.inspect });
  const store = new InspectorStore(portal.root, recorder);
  return { portal, recorder, store };
}

export function renderPanel(store: InspectorStore, onClose: () => void = () => {}) {
  return render(<InspectorPanel store={store} onClose={onClose} />);
}

export function authSettled(portal: ReturnType<typeof startInspectedPortal>['portal']) {
  return waitFor(portal.auth, (s) => s.matches('signedIn') || s.matches('signedOut') || s.matches('unverified'), { timeout: 3000 });
}
