import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures';

/** The two screens of issue 9's walk: a phone, in the mobile project, and a desktop, in the other. */
export const phone = { width: 390, height: 844 } as const;
export const desktop = { width: 1366, height: 900 } as const;

export const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'mobile';

/** Sets the page to the screen of its project (Pixel 7 → 390×844, desktop → 1366×900). */
export async function useIssueViewport(page: Page, testInfo: TestInfo): Promise<void> {
  await page.setViewportSize(isPhone(testInfo) ? phone : desktop);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlap = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export const chatButton = (page: Page) => page.getByRole('link', { name: 'Escríbenos por WhatsApp' });

/** The boxes of what `cover` matches and shows now (no waiting: an element may step aside meanwhile). */
const shownBoxes = (cover: Locator): Promise<Box[]> =>
  cover.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      const shown = style.visibility === 'visible' && style.display !== 'none' && rect.width > 0;
      return shown ? [{ x: rect.x, y: rect.y, width: rect.width, height: rect.height }] : [];
    }),
  );

/**
 * Waits until `cover` (when it shows at all) does not overlap `target`: the bounding boxes of both,
 * as the browser lays them out. Polled, because the chat button steps aside on the next frame.
 */
export async function expectNotCovered(target: Locator, cover: Locator, what: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const targetBox = await target.boundingBox();
        if (!targetBox) return `${what}: not on screen`;
        const covered = (await shownBoxes(cover)).some((box) => overlap(targetBox, box));
        return covered ? `${what}: covered` : 'clear';
      },
      { message: what },
    )
    .toBe('clear');
}

/** Scrolls to the end of the page. */
export const scrollToPageEnd = (page: Page) =>
  page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

/** The last things on every page, which nothing fixed may hide: the footer's © line and its cookie button. */
export const pageEnd = (page: Page): Locator[] => {
  const footer = page.getByRole('contentinfo');
  return [
    footer.getByText(/^© \d{4} Casaoferta/),
    footer.getByRole('button', { name: 'Configurar cookies' }),
  ];
};

/**
 * Scrolls `target` to the bottom edge of the screen, as far as the page lets scrolling bring it (the
 * way the browser brings a focused or found element into view: the page's scroll padding applies).
 */
export const scrollToBottomEdge = (target: Locator) =>
  target.evaluate((element) => element.scrollIntoView({ block: 'end' }));

/** Whether the element's content is wider than its box (text or controls cut). */
export const isCut = (target: Locator) =>
  target.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
