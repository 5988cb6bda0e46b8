import { createHttp, type Http } from '../../src/api/http';
import { createReportingApi } from '../../src/api/reporting';
import { parseRuntimeConfig } from '../../src/config';
import { signedInClient } from '../support/signedIn';

/**
 * The portal's own reporting API client, talking real HTTP to the reference API with a signed-in
 * cookie jar: contract tests exercise the portal's calls and schemas exactly as the browser would.
 */
export async function reportingClient(origin: string, email: string, accountId: string | null = null) {
  const client = await signedInClient(origin, email);
  const config = parseRuntimeConfig({ apiOrigin: origin });
  const http: Http = createHttp(config, (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('cookie', client.jar.header());
    return fetch(input, { ...init, headers });
  });
  http.setHooks({ accountId: () => accountId, isSignedIn: () => true, sessionExpired: () => {}, unverified: () => {}, forbidden: () => {} });
  return { api: createReportingApi(http), raw: client };
}
