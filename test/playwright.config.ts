import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// End to end in Debian's Chromium against `npm run serve` (the real gateway, a fresh demo school).
// The build is made by `npm run test:e2e` before this runs, hence --no-build.
const port = Number(process.env.E2E_PORT ?? 5199);
// Kept in the environment so the test workers (which load this file again) see the same folder
// (the sign-in code test reads the gateway's outbox there).
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'library-e2e-')));
export const baseURL = `http://127.0.0.1:${port}`;
// A separate build folder (E2E_WEB_ROOT) lets several checkouts' suites run side by side.
const web = process.env.E2E_WEB_ROOT ? ` --web ${process.env.E2E_WEB_ROOT}` : '';

export default defineConfig({
  testDir: './e2e',
  testMatch: /.*\.e2e\.ts$/,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
    locale: 'zh-CN',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node ../scripts/serve.ts --no-build --port ${port} --data ${dataDir}${web}`,
    url: `${baseURL}/library/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { LIB_TEST_HOOKS: '1', LIB_SCRYPT_TEST: '0' },
  },
});
