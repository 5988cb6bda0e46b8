import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing';
import { signedInClient } from '../support/signedIn';

const INLINE = /<script type="application\/json" id="portal-config">([^<]*)<\/script>/;
const hostile = '</script><script>alert(1)</script>\u2028<!--';

// Issue 16: the reference server writes the runtime config into the page, so boot needs no
// request for /config.json before its first call; a static host keeps serving only the file.
describe('the page carries the runtime config', () => {
  let dist: string;
  let server: TestServer;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-inline-config-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" /><title>Portal</title></head><body></body></html>');
    server = await startTestServer({ distDir: dist, publicConfig: { environment: hostile } });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  test('a guest’s page and a signed-in page carry what /config.json serves, and no request hint for it', async () => {
    const file = await (await fetch(`${server.url}/config.json`)).json();
    const client = await signedInClient(server.url, 'admin@example.com');
    for (const html of [await (await fetch(`${server.url}/login`)).text(), await (await client('/contacts')).text()]) {
      const carried = INLINE.exec(html);
      expect(carried).not.toBeNull();
      expect(JSON.parse(carried![1]!)).toEqual(file);
      expect(html).not.toContain('href="/config.json"');
    }
  });

  test('server text in it can neither close its element nor start markup', async () => {
    const html = await (await fetch(`${server.url}/login`)).text();
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).not.toContain('<!--');
    expect(html).not.toContain('\u2028');
    expect(JSON.parse(INLINE.exec(html)![1]!).environment).toBe(hostile);
  });
});
