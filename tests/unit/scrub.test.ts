import { expect, test } from 'vitest';
import { scrub } from '../../src/observability/scrub';

test('error events lose passwords, tokens, emails and chat text, keep the rest', () => {
  const event = {
    message: 'Chat said hello',
    request: { url: '/api/v1/users', headers: { Authorization: 'Bearer 1|abc', cookie: 'portal_session=x' } },
    extra: { password: 'hunter2', password_confirmation: 'hunter2', note: 'mail ada@example.com now', status: 422, nested: { token: 'abc', ok: true } },
    breadcrumbs: [{ data: { msg: 'secret transcript', url: '/bots' } }],
  };
  expect(scrub(event)).toEqual({
    message: 'Chat said hello',
    request: { url: '/api/v1/users', headers: { Authorization: '[redacted]', cookie: '[redacted]' } },
    extra: { password: '[redacted]', password_confirmation: '[redacted]', note: 'mail [email] now', status: 422, nested: { token: '[redacted]', ok: true } },
    breadcrumbs: [{ data: { msg: '[redacted]', url: '/bots' } }],
  });
});
