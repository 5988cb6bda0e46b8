import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, parseRuntimeConfig } from '../../src/config';

describe('runtime config (config.json), read field by field', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives every default for an empty file', () => {
    expect(parseRuntimeConfig({})).toEqual({
      apiOrigin: '',
      chatUrl: '',
      environment: 'production',
      inspector: false,
      cookies: { accessToken: 'AccessToken', idToken: 'IdToken', portalToken: 'PortalToken', chatSession: 'chat_session', xsrf: 'XSRF-TOKEN' },
    });
  });

  it('keeps every valid field when one field is wrong, and says which one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const config = parseRuntimeConfig({ apiOrigin: 'https://api.example.com', inspector: 'yes', cookies: { xsrf: 'MY-XSRF', idToken: 7 }, extra: { any: 'thing' } });
    expect(config.apiOrigin).toBe('https://api.example.com');
    expect(config.inspector).toBe(false);
    expect(config.cookies.xsrf).toBe('MY-XSRF');
    expect(config.cookies.idToken).toBe('IdToken');
    const warnings = warn.mock.calls.map(([text]) => String(text));
    expect(warnings).toHaveLength(2);
    expect(warnings).toEqual(expect.arrayContaining([expect.stringContaining('cookies.idToken'), expect.stringContaining('inspector')]));
  });

  it('turns single sign-on on only with an authority and a client id, and never redirects off the origin', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseRuntimeConfig({ sso: { authority: 'https://idp.example.com' } }).sso).toBeUndefined();
    expect(parseRuntimeConfig({ sso: { authority: 'https://idp.example.com', clientId: 'portal' } }).sso).toEqual({
      authority: 'https://idp.example.com',
      clientId: 'portal',
      scopes: 'openid profile email',
      redirectPath: '/login',
    });
    for (const redirectPath of ['//evil.example.com', '/\\evil.example.com', 'https://evil.example.com/login']) {
      expect(parseRuntimeConfig({ sso: { authority: 'https://idp.example.com', clientId: 'portal', redirectPath } }).sso?.redirectPath).toBe('/login');
    }
    expect(parseRuntimeConfig({ sso: { authority: 'https://idp.example.com', clientId: 'portal', redirectPath: '/sso/back' } }).sso?.redirectPath).toBe('/sso/back');
  });

  it('falls back to the defaults when config.json is missing, not JSON or not an object', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answer = (body: string, status = 200) => async () => new Response(body, { status });
    expect((await loadRuntimeConfig(answer('', 404))).apiOrigin).toBe('');
    expect((await loadRuntimeConfig(answer('<html>'))).environment).toBe('production');
    expect((await loadRuntimeConfig(answer('[1,2]'))).cookies.xsrf).toBe('XSRF-TOKEN');
    expect((await loadRuntimeConfig(answer('{"environment":"staging","sentryDsn":"https://k@sentry.example.com/1"}')))).toMatchObject({ environment: 'staging', sentryDsn: 'https://k@sentry.example.com/1' });
  });

  it('reads the config the page carries without asking for /config.json', async () => {
    const page = (text: string | null) => ({ getElementById: (id: string) => (id === 'portal-config' && text !== null ? ({ textContent: text } as HTMLElement) : null) });
    const fetchConfig = vi.fn(async () => new Response('{"environment":"from-file"}'));
    expect(await loadRuntimeConfig(fetchConfig, page('{"environment":"inline","apiOrigin":"https://api.example.com"}'))).toMatchObject({ environment: 'inline', apiOrigin: 'https://api.example.com' });
    expect(fetchConfig).not.toHaveBeenCalled();
    // No element, or one that is not JSON: the file, as on any static host of the build.
    expect((await loadRuntimeConfig(fetchConfig, page(null))).environment).toBe('from-file');
    expect((await loadRuntimeConfig(fetchConfig, page('{not json'))).environment).toBe('from-file');
    expect(fetchConfig).toHaveBeenCalledTimes(2);
  });
});
