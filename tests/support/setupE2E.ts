import { afterAll } from 'vitest';
import { closeSharedBrowser } from './browser';

// The e2e files share one Chromium per file (tests/support/browser.ts): close it after the file.
afterAll(() => closeSharedBrowser());
