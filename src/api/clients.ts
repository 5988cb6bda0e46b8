import type { Http } from './http';
import { createResourceApi } from './resources';
import { clientSchema } from './schemas/client';

/** SPEC §7: GET /v1/clients/ and its pagination links — read only, so only those two calls. */
export function createClientsApi(http: Http) {
  const api = createResourceApi(http, { path: 'clients', schema: clientSchema });
  return { browse: api.browse, paginate: api.paginate };
}

export type ClientsApi = ReturnType<typeof createClientsApi>;
