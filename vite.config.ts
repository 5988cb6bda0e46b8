/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstScreenChunks } from './build/chunking.ts';
import { serverRenderBundle } from './build/serverRenderBundle.ts';
import { fingerprintedThemeScript } from './build/themeScript.ts';

// The reference API the dev server proxies to (`npm run dev` starts it on this port).
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

// GET /login and /logout are portal pages; only their POSTs belong to the API.
const apiOnlyForNonGet = {
  target: apiTarget,
  bypass: (req: { method?: string; url?: string }) => (req.method === 'GET' ? req.url : undefined),
};

export default defineConfig({
  plugins: [react(), fingerprintedThemeScript(), serverRenderBundle()],
  build: {
    target: 'es2022',
    sourcemap: true,
    // The reference server reads it to hint a signed-in page's code (server/http/preloadHints.ts).
    manifest: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: { output: { codeSplitting: firstScreenChunks() } },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/sanctum': apiTarget,
      '/config.json': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
      '/dev': apiTarget,
      '/login': apiOnlyForNonGet,
      '/logout': apiOnlyForNonGet,
      '/register': apiOnlyForNonGet,
      '/forgot-password': apiOnlyForNonGet,
      '/reset-password': apiOnlyForNonGet,
      '/email': apiTarget,
      '/user': apiTarget,
      // The local OpenID provider (its issuer is PORTAL_URL + /oidc) and Fortify's challenge POST.
      '/oidc': apiTarget,
      '/two-factor-challenge': apiOnlyForNonGet,
    },
  },
  test: {
    reporters: ['default', './tests/support/summaryReporter.ts'],
    // One test file per core. Vitest's default in a run is cores - 1: on a 2-core CI machine that is
    // ONE worker, and the whole suite ran file after file (the main process only collects results).
    maxWorkers: availableParallelism(),
    // The seeded database is built once per run; every test server starts from a copy of it.
    globalSetup: ['tests/support/seededImage.ts'],
    projects: [
      // The statechart layout (elkjs) of the larger machines takes seconds on a busy 2-core machine.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 15000 } },
      // Machine and view tests render or run whole flows: a first test also loads the page's lazy code,
      // which takes seconds on a busy 2-core CI machine; 15 s keeps a slow machine from failing them.
      { extends: true, test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node', testTimeout: 15000, setupFiles: ['tests/support/setupMsw.ts'] } },
      { extends: true, test: { name: 'views', include: ['tests/views/**/*.test.tsx'], environment: 'jsdom', testTimeout: 15000, setupFiles: ['tests/support/setupMsw.ts', 'tests/support/setupDom.ts'] } },
      { extends: true, test: { name: 'contract', include: ['tests/contract/**/*.test.ts'], environment: 'node', testTimeout: 20000, hookTimeout: 30000 } },
      { extends: true, test: { name: 'security', include: ['tests/security/**/*.test.ts'], environment: 'node', testTimeout: 30000, hookTimeout: 30000 } },
      // Two e2e files at a time (each its own server on a free port and its own Chromium): on a busy
      // 2-core machine 6 files took 342 s instead of 552 s one after the other.
      { extends: true, test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], environment: 'node', testTimeout: 60000, hookTimeout: 60000, setupFiles: ['tests/support/setupE2E.ts'] } },
      // The portal in Chromium against the contract-variance backend (tests/variance/varianceServer.ts).
      { extends: true, test: { name: 'variance', include: ['tests/variance/**/*.test.ts'], environment: 'node', testTimeout: 120000, hookTimeout: 60000 } },
    ],
  },
});
