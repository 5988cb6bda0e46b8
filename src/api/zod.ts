import * as z from 'zod/mini';

// zod 4 probes `new Function` once for its JIT; jitless keeps a strict CSP silent.
z.config({ jitless: true });

/** The one zod entry point of the portal: the functional `zod/mini` build keeps the initial bundle small. */
export { z };
