import { createAuthApi, type SessionAnswer } from './api/auth';
import { createHttp, type Http } from './api/http';
import { readPageAnswers } from './api/pageAnswers';
import { inlineRuntimeConfig, loadRuntimeConfig, parseRuntimeConfig, type RuntimeConfig } from './config';
import { readGuestFlag } from './machines/effects';

/**
 * What boot starts before the rest of its code runs (src/bootNow.ts calls `beginBoot` as the
 * first module src/main.tsx imports, so before the machines' modules are built and the system is
 * started).
 *
 * A returning visitor's session read goes out here, on the transport the portal then uses, and
 * the auth actor's restore adopts it (machines/root.ts `sessionRead`): measured with
 * bench/lists.ts (cold), the read used to leave about 140 ms after the scripts were in, once every
 * machine had been built and started; the first page's call waited for its answer.
 */
export interface EarlyBoot {
  config: RuntimeConfig;
  http: Http;
  /** Only for a browser not marked guest (SPEC §4): the same condition as the restore's. */
  sessionRead?: Promise<SessionAnswer>;
}

export function startEarly(config: RuntimeConfig): EarlyBoot {
  // The page's first answers, when its server wrote them (docs/first-answers.md): the session read
  // below and the route's first call are then answered from the page, not the network.
  const http = createHttp(config, undefined, { pageAnswers: readPageAnswers() });
  if (readGuestFlag()) return { config, http };
  const sessionRead = createAuthApi(http).fetchSession();
  // Adopted by the restore, which handles its failure; never an unhandled rejection meanwhile.
  sessionRead.catch(() => {});
  return { config, http, sessionRead };
}

/**
 * Started now: at once with the config the page carries (the reference server inlines it), else
 * once /config.json (preloaded by index.html) is in.
 */
export function beginBoot(): EarlyBoot | Promise<EarlyBoot> {
  const inline = inlineRuntimeConfig();
  return inline !== undefined ? startEarly(parseRuntimeConfig(inline)) : loadRuntimeConfig().then(startEarly);
}
