import { beginBoot } from './bootEarly';

/**
 * Boot's first step, taken when this module is evaluated: src/main.tsx imports it before anything
 * else, so the config, the transport and a returning visitor's session read start before the rest
 * of boot's code (React, the machines, the route table) is evaluated. Its own module, so that
 * importing `bootEarly` (tests) starts nothing.
 */
export const early = beginBoot();
