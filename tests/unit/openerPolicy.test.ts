import { describe, expect, it } from 'vitest';
import { openerPolicyFor } from '../../server/http/openerPolicy';

// Issue 16: COOP same-origin cost Chromium a second new process and V8's code cache on every fresh
// tab of the portal; Chromium 129+ gets `noopener-allow-popups`, every other browser `same-origin`.
describe('the opener policy a browser gets', () => {
  it('Chromium browsers that know noopener-allow-popups get it', () => {
    expect(openerPolicyFor('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36')).toBe('noopener-allow-popups');
    expect(openerPolicyFor('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe('noopener-allow-popups');
    expect(openerPolicyFor('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.6668.70 Mobile Safari/537.36')).toBe('noopener-allow-popups');
    expect(openerPolicyFor('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36')).toBe('noopener-allow-popups');
  });

  it('every other browser, older Chromium and clients without a User-Agent keep same-origin', () => {
    expect(openerPolicyFor('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Safari/537.36')).toBe('same-origin');
    expect(openerPolicyFor('Mozilla/5.0 (X11; Linux x86_64; rv:135.0) Gecko/20100101 Firefox/135.0')).toBe('same-origin');
    expect(openerPolicyFor('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Safari/605.1.15')).toBe('same-origin');
    // Chrome on iOS is WebKit, which does not know the value.
    expect(openerPolicyFor('Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1')).toBe('same-origin');
    expect(openerPolicyFor(undefined)).toBe('same-origin');
    expect(openerPolicyFor('node')).toBe('same-origin');
  });
});
