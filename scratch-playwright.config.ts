// TEMPORARY (deleted before reporting)
import { defineConfig, devices } from '@playwright/test';
const launchOptions = { executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] };
export default defineConfig({
  testDir: 'e2e',
  testMatch: 'catalogue.spec.ts',
  workers: 2,
  timeout: 60_000,
  use: { baseURL: 'http://127.0.0.1:18202', locale: 'es-ES', timezoneId: 'Europe/Madrid', launchOptions },
  projects: [
    { name: 'mobile', use: { ...devices['Pixel 7'], browserName: 'chromium' } },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
});
