import http from 'node:http';
import path from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { e2eSessionSocket, type SessionRequest } from './e2e-server';
import AxeBuilder from '@axe-core/playwright';

const storage = {
  tutorialDone: 'casaoferta.tutorial-done',
  cookiePreferences: 'casaoferta.cookie-preferences',
} as const;

/**
 * Landing pages come rendered by the server: their buttons work once the app has hydrated them, which
 * the app marks with `data-app-ready` on <html>. After this, `goto` and `reload` wait for it. The
 * `page` fixture has it; pages of other contexts need it too.
 */
export function waitForAppOnNavigation(page: Page): Page {
  const ready = () => page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await ready();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await ready();
    return response;
  };
  return page;
}

/** Fixtures: a page with the first-visit overlays already answered, and an axe check. */
export const test = base.extend<{
  quietPage: Page;
  expectNoSeriousA11yViolations: (page: Page) => Promise<void>;
}>({
  page: async ({ page }, use) => {
    await use(waitForAppOnNavigation(page));
  },
  quietPage: async ({ page }, use) => {
    await answerFirstVisitOverlays(page);
    await use(page);
  },
  // Playwright reads the fixture's dependencies from this (empty) destructuring.
  // eslint-disable-next-line no-empty-pattern
  expectNoSeriousA11yViolations: async ({}, use) => {
    await use(async (page: Page) => {
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        `axe on ${page.url()}`,
      ).toEqual([]);
    });
  },
});

export { expect, storage };

/** The tutorial marked done and the cookie choice made (only essential cookies), before any page loads. */
export async function answerFirstVisitOverlays(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript((keys) => {
    localStorage.setItem(keys.tutorialDone, 'true');
    localStorage.setItem(
      keys.cookiePreferences,
      JSON.stringify({ essentialCookies: true, dataCookies: false, customCookies: false }),
    );
  }, storage);
}

/** One of the eight demo photos the repository ships (apps/api/data/photos). */
export const demoPhoto = (name: string): string =>
  path.resolve(import.meta.dirname, '../apps/api/data/photos', name);

/** A random Spanish mobile number, for a user of one test. */
export const randomMobile = () => `+346${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/**
 * A session made by the e2e server's launcher with the factories (e2e/server.ts), through its Unix
 * socket: the app has no route that hands out sessions.
 */
async function newSession(request: SessionRequest): Promise<string> {
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        socketPath: e2eSessionSocket,
        method: 'POST',
        path: '/',
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(request));
  });
  expect(answer.status, `session for ${JSON.stringify(request)}: ${answer.body}`).toBe(200);
  return (JSON.parse(answer.body) as { token: string }).token;
}

/**
 * Logs the page in as the user of `phoneNumber` (creating the user when `name` is given), so tests that
 * are not about login do not spend the per-phone SMS limits. Returns the bearer token for API calls.
 */
export async function loginAs(page: Page, phoneNumber: string, name?: string): Promise<string> {
  const token = await newSession(name ? { phoneNumber, name } : { phoneNumber });
  await page.addInitScript((value) => localStorage.setItem('casaoferta.token', value), token);
  return token;
}

/** The bearer token of an agent session, as after logging in at /login-agents. */
export const agentToken = (email: string): Promise<string> => newSession({ email });
