import { describe, expect, test } from 'vitest';
import { firstScreenHintsValue, knownTimeZone, readFirstScreenHints } from '../../src/firstScreenHints';

describe("a browser's first-screen hints (its portal_view cookie)", () => {
  test('read back as written, through the cookie encoding the browser applies (api/cookies.ts writeCookie)', () => {
    const written = encodeURIComponent(firstScreenHintsValue({ timeZone: 'Europe/Paris', accountId: null }));
    expect(readFirstScreenHints(decodeURIComponent(written))).toEqual({ timeZone: 'Europe/Paris', accountId: null });
    expect(readFirstScreenHints(firstScreenHintsValue({ timeZone: 'America/New_York', accountId: '3' }))).toEqual({ timeZone: 'America/New_York', accountId: '3' });
  });

  test('a time zone the runtime does not know, or none, is no hint: the server then draws nothing', () => {
    expect(readFirstScreenHints('tz=Mars%2FOlympus&account=')).toBeNull();
    expect(readFirstScreenHints('account=')).toBeNull();
    expect(readFirstScreenHints('tz=&account=')).toBeNull();
    expect(readFirstScreenHints(null)).toBeNull();
    expect(readFirstScreenHints(undefined)).toBeNull();
    expect(knownTimeZone('</script><script>alert(1)</script>')).toBeNull();
  });

  test('bounded: an oversized cookie or field is not read', () => {
    expect(readFirstScreenHints(`tz=UTC&account=${'9'.repeat(65)}`)).toBeNull();
    expect(readFirstScreenHints(`tz=UTC&account=1&x=${'a'.repeat(300)}`)).toBeNull();
    expect(knownTimeZone('Europe/'.padEnd(65, 'x'))).toBeNull();
  });

  test('the runtime names the zone (an alias reads as the name the browser resolves it to)', () => {
    expect(knownTimeZone('UTC')).toBe('UTC');
    expect(knownTimeZone('Europe/Paris')).toBe('Europe/Paris');
  });
});
