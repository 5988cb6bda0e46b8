import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * Where the server may send requests on a user's behalf (an LLM's base_url). Anyone allowed to
 * edit an LLM chooses that URL, so without this the server would POST, with its API key, to
 * loopback services, the cloud metadata address or the private network (SSRF).
 */
export interface OutboundPolicy {
  /**
   * `host` or `host:port` names allowed over plain http and on loopback/private addresses: a
   * local model server you run yourself (LLM_LOCAL_HOSTS, e.g. `localhost:11434`). Empty by default.
   */
  localHosts: ReadonlySet<string>;
  /** The server-wide key (LLM_API_KEY) and the only host it is sent to (LLM_API_KEY_HOST). */
  serverKey: { key: string; host: string } | null;
}

export function outboundPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): OutboundPolicy {
  const localHosts = new Set((env.LLM_LOCAL_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean));
  const key = env.LLM_API_KEY?.trim();
  return { localHosts, serverKey: key ? { key, host: (env.LLM_API_KEY_HOST?.trim() || 'api.openai.com').toLowerCase() } : null };
}

export class OutboundRefused extends Error {}

function isLocalHost(url: URL, policy: OutboundPolicy): boolean {
  return policy.localHosts.has(url.hostname.toLowerCase()) || policy.localHosts.has(url.host.toLowerCase());
}

/** Why `raw` may not be called at all (scheme, credentials), or null when it may be tried. */
export function outboundUrlProblem(raw: string, policy: OutboundPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The base url must be a valid URL.';
  }
  if (url.username || url.password) return 'The base url must not contain credentials.';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLocalHost(url, policy)) return null;
  return 'The base url must use https (http only for hosts listed in LLM_LOCAL_HOSTS).';
}

// One agent pair per policy kind: public (refuses non-unicast addresses after DNS) and local.
const publicAgents = { http: new RequestFilteringHttpAgent({ keepAlive: false }), https: new RequestFilteringHttpsAgent({ keepAlive: false }) };
const localAgents = {
  http: new RequestFilteringHttpAgent({ keepAlive: false, allowPrivateIPAddress: true }),
  https: new RequestFilteringHttpsAgent({ keepAlive: false, allowPrivateIPAddress: true }),
};

/**
 * POSTs `body` to `raw` under the policy: scheme allowlisted, the address checked after DNS
 * resolution by request-filtering-agent, redirects never followed (a 3xx is a failure, so a
 * public host cannot bounce us inward). The Bearer key is the record's own, else the server's
 * key but only towards its configured host. Resolves with the response once its headers arrive.
 */
export function postOutbound(
  raw: string,
  init: { headers: Record<string, string>; body: string; apiKey: string | null; signal: AbortSignal },
  policy: OutboundPolicy,
): Promise<http.IncomingMessage> {
  const problem = outboundUrlProblem(raw, policy);
  if (problem) return Promise.reject(new OutboundRefused(problem));
  const url = new URL(raw);
  const local = isLocalHost(url, policy);
  const agents = local ? localAgents : publicAgents;
  const headers: Record<string, string> = { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) };
  const key = init.apiKey ?? (policy.serverKey && policy.serverKey.host === url.hostname.toLowerCase() ? policy.serverKey.key : null);
  if (key) headers.authorization = `Bearer ${key}`;
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, agent: url.protocol === 'https:' ? agents.https : agents.http, signal: init.signal }, (response) => {
      if ((response.statusCode ?? 0) >= 300 && (response.statusCode ?? 0) < 400) {
        response.resume();
        reject(new OutboundRefused('Redirects are not followed.'));
        return;
      }
      resolve(response);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
