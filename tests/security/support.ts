import http from 'node:http';
import { jarFetch } from '../support/cookieJar';

// Test code reads arbitrary JSON shapes; the assertions are the type checks.
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function json(response: Response): Promise<Json> {
  return (await response.json()) as Json;
}

/** A browser-like client signed in as `email` (CSRF cookie first, then POST /login). */
export async function signedIn(origin: string, email: string, password = 'password') {
  const client = jarFetch(origin);
  await client('/sanctum/csrf-cookie');
  const response = await client('/login', { method: 'POST', json: { email, password } });
  if (response.status !== 200) throw new Error(`sign-in as ${email} answered ${response.status}`);
  return client;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request with headers fetch will not let us forge (Host, Sec-Fetch-Site, Origin) or a body
 * that is not what its Content-Type claims.
 */
export function rawRequest(
  origin: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path, method: init.method ?? 'GET', headers: init.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

export interface ChildServer {
  url: string;
  /** True while the process has not exited. */
  alive(): boolean;
  close(): Promise<void>;
}

/** Starts tests/security/childServer.ts under tsx and waits for its URL. */
export async function startChildServer(): Promise<ChildServer> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/security/childServer.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /listening (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`child server exited with ${code}`)));
  });
  return {
    url,
    alive: () => !exited,
    close: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
