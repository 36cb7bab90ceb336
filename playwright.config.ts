import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './e2e/chromium';
import {
  e2eAgentPassword,
  e2eDataDir,
  e2eDevToolsToken,
  e2ePort as port,
  e2eSessionSocket,
} from './e2e/e2e-server';

// Journeys against the production build served by the API, in Debian's Chromium (never a downloaded one).
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  projects: [
    { name: 'mobile', use: { ...devices['Pixel 7'], browserName: 'chromium' } },
    // Phone first: every journey runs on the phone. The desktop runs only the tests tagged @desktop, those
    // that check the desktop's layout (e2e/layout.ts: useIssueViewport, isPhone) or its own UI.
    {
      name: 'desktop',
      grep: /@desktop/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // The API as `npm start` runs it, plus the fixtures' session socket (e2e/server.ts).
    command: `rm -rf '${e2eDataDir}' && node --import tsx e2e/server.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: e2eDataDir,
      E2E_SESSION_SOCKET: e2eSessionSocket,
      DEV_TOOLS_TOKEN: e2eDevToolsToken,
      E2E_AGENT_PASSWORD: e2eAgentPassword,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  },
});
