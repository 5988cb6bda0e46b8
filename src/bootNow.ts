import { beginBoot } from './bootEarly';
import { SERVER_DRAWN_ATTRIBUTE } from './firstScreenHints';

/**
 * Boot's first step, taken when this module is evaluated: src/main.tsx imports it before anything
 * else, so the config, the transport and a returning visitor's session read start before the rest
 * of boot's code (React, the machines, the route table) is evaluated. Its own module, so that
 * importing `bootEarly` (tests) starts nothing.
 */
export const early = beginBoot();

// A first screen its server drew (src/serverRender.tsx) is painted before the rest of boot's code
// is evaluated: the browser runs the page's module scripts as soon as it has parsed the page, and
// paints only when they yield, so without this frame the rows it already has wait for all of it.
if (document.getElementById('root')?.hasAttribute(SERVER_DRAWN_ATTRIBUTE)) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
