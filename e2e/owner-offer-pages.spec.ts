import { randomUUID } from 'node:crypto';
import { test, expect, loginAs, randomMobile } from './fixtures';
import { makeRentalOffer, publishedRental } from './backend';
import { chatButton, expectNotCovered, isPhone, useIssueViewport } from './layout';

// The owner's offers in pages (issue 29 point 4, decision 031), on a phone at 390 px: with 53 offers the
// page shows the first 50 and says so, "Ver más ofertas" is a real button nothing covers, and pressed
// from the keyboard it loads the rest and takes the focus to the first offer it loaded.

test('the owner reads 53 offers in two pages with "Ver más ofertas", from the keyboard', async ({
  quietPage: page,
  request,
  browser,
  expectNoSeriousA11yViolations,
}, testInfo) => {
  test.skip(!isPhone(testInfo), 'a phone journey (issue 29)');
  test.setTimeout(180_000);
  await useIssueViewport(page, testInfo);
  const ownerToken = await loginAs(page, randomMobile(), 'Propietaria');
  const { propertyId, announcementId } = await publishedRental(
    request,
    ownerToken,
    `Piso en Lavapiés ${randomUUID().slice(0, 6)}`,
    { street: 'Calle de Lavapiés', streetNumber: '12', surfaceM2: 65 },
  );
  // 53 candidates, each with a session made by the e2e server (no browser login), each offering.
  const context = await browser.newContext();
  try {
    const helper = await context.newPage();
    for (let i = 0; i < 53; i++) {
      const token = await loginAs(helper, randomMobile(), `Candidata${String.fromCharCode(65 + (i % 26))}`);
      await makeRentalOffer(request, token, announcementId, {
        amount: 1000 + i,
        nif: '12345678Z',
        salary: 3000,
      });
    }
  } finally {
    await context.close();
  }

  await page.goto(`/property/${propertyId}/offers`);
  const list = page.getByRole('list', { name: 'Ofertas del anuncio' });
  // The cards (each holds lists of its own).
  const cards = list.locator(':scope > li');
  await expect(cards).toHaveCount(50);
  await expect(page.getByText('Estás viendo 50 de 53 ofertas')).toBeVisible();
  const more = page.getByRole('button', { name: 'Ver más ofertas' });
  await more.scrollIntoViewIfNeeded();
  await expectNotCovered(more, chatButton(page), 'Ver más ofertas');
  await expectNoSeriousA11yViolations(page);

  await more.focus();
  await page.keyboard.press('Enter');
  await expect(cards).toHaveCount(53);
  await expect(more).toHaveCount(0);
  await expect(cards.nth(50)).toBeFocused();
  await expect(list.getByRole('heading', { level: 2 })).toHaveCount(53);
  await expectNoSeriousA11yViolations(page);
});
