import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { createAccountApi } from '../../../src/api/account';
import { createHttp } from '../../../src/api/http';
import { parseRuntimeConfig } from '../../../src/config';
import { API } from '../../support/apiFixtures';
import { mswServer } from '../../support/setupMsw';

const api = createAccountApi(createHttp(parseRuntimeConfig({ apiOrigin: API })));
const change = { current_password: 'password', password: 'brand-new-secret', password_confirmation: 'brand-new-secret' };

test.each([
  ['an empty body', () => new HttpResponse(null, { status: 200 })],
  ['an empty string', () => HttpResponse.json('')],
  ['a message', () => HttpResponse.json({ message: 'Password updated.' })],
])('stock Fortify answers PUT /user/password with %s: a success either way', async (_label, answer) => {
  mswServer.use(http.put(`${API}/user/password`, answer));
  await expect(api.updatePassword(change)).resolves.toMatch(/^(|Password updated\.)$/);
});

test('a body that is neither empty nor a message object is still rejected as malformed', async () => {
  mswServer.use(http.put(`${API}/user/password`, () => HttpResponse.json([1, 2, 3])));
  await expect(api.updatePassword(change)).rejects.toMatchObject({ detail: 'API Error, please try again.' });
});
