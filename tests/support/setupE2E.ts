import { afterAll, beforeEach } from 'vitest';
import { closeSharedBrowser } from './browser';
import { noteRunningTest } from './runningTest';

// The e2e files share one Chromium per file (tests/support/browser.ts): close it after the file.
afterAll(() => closeSharedBrowser());
beforeEach((context) => noteRunningTest(context.task));
