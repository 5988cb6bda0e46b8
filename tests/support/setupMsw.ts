import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** One msw server per test file; each test adds the handlers it needs with `mswServer.use(...)`. */
export const mswServer = setupServer();

// A socket.io connection (the chat's, a list's live channel) finds no gateway, quietly: the portal's
// fallback for a backend without one. Tests that want a gateway start one or mock the transport.
const NO_GATEWAY = /\/socket\.io\//;
beforeAll(() => mswServer.listen({ onUnhandledRequest: (request, print) => (NO_GATEWAY.test(new URL(request.url).pathname) ? undefined : print.error()) }));
afterEach(() => mswServer.resetHandlers());
afterAll(() => mswServer.close());
