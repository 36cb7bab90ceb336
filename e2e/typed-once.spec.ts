import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect, loginAs } from './fixtures';
import { isPhone, phone } from './layout';

// Issue 23 point 9 on a phone, "typed once": a new tenant ticks "Guardar estos datos en mi perfil para la
// próxima vez" in the employment section of their first offer; their next offer asks none of it again.

interface Card {
  id: string;
  propertyId: string;
  typeCode: string;
  offerTypeCode: string;
  price: number | null;
}

/** Two rental announcements that take price offers, picked at random so parallel tests rarely share one. */
async function twoRentals(request: APIRequestContext): Promise<[Card, Card]> {
  const cards: Card[] = [];
  let cursor: string | null = null;
  do {
    const response = await request.post('/api/announcement/search', {
      data: { limit: 48, ...(cursor ? { cursor } : {}) },
    });
    expect(response.ok()).toBe(true);
    const { data } = (await response.json()) as { data: { items: Card[]; nextCursor: string | null } };
    cards.push(...data.items);
    cursor = data.nextCursor;
  } while (cursor);
  const rentals = cards
    .filter((card) => card.price !== null && card.typeCode !== 'ATY003' && card.offerTypeCode === 'AOT001')
    .sort(() => Math.random() - 0.5);
  const [first, second] = rentals;
  if (!first || !second) throw new Error('two rentals taking offers are needed in the demo catalogue');
  return [first, second];
}

const nationalMobile = () => `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const pageAction = (page: Page, name: string) =>
  page.locator('.price-box').getByRole('button', { name, exact: true });

async function openManagement(page: Page, propertyId: string): Promise<Locator> {
  await page.goto(`/property/${propertyId}`);
  await pageAction(page, 'Hacer oferta').click();
  const dialog = page.getByRole('dialog', { name: 'Hacer oferta' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Enviar oferta', exact: true })).toBeVisible();
  return dialog;
}

test.beforeEach(async ({ page }, testInfo) => {
  test.skip(!isPhone(testInfo), 'checked on a phone (issue 23)');
  test.slow();
  await page.setViewportSize(phone);
});

test('the employment section typed once is saved to the profile, and the next offer skips it', async ({
  quietPage: page,
  request,
  expectNoSeriousA11yViolations,
}) => {
  const [first, second] = await twoRentals(request);
  await loginAs(page, `+34${nationalMobile()}`, 'Marta');

  let dialog = await openManagement(page, first.propertyId);
  const section = dialog.getByRole('group', { name: 'Situación laboral' });
  await expect(section).toBeVisible();
  const save = section.getByRole('checkbox', {
    name: 'Guardar estos datos en mi perfil para la próxima vez',
  });
  await expect(save).not.toBeChecked();
  await section.getByRole('textbox', { name: /DNI, NIF o NIE/ }).fill('12345678Z');
  await section.getByRole('combobox', { name: /Tipo de contrato/ }).selectOption({ label: 'Indefinido' });
  await section.getByRole('textbox', { name: /Salario neto mensual/ }).fill('1.850');
  await save.check();
  await expectNoSeriousA11yViolations(page);
  const send = dialog.getByRole('button', { name: 'Enviar oferta', exact: true });
  await expect(send).toBeInViewport();
  await send.click();
  const confirmation = page.getByRole('dialog', { name: 'Tu oferta se ha enviado' });
  await expect(confirmation).toBeVisible();
  await confirmation.getByRole('button', { name: 'Cerrar' }).click();

  // Another home: nothing of the employment section is asked again.
  dialog = await openManagement(page, second.propertyId);
  await expect(dialog.getByRole('group', { name: 'Situación laboral' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Enviar oferta', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Tu oferta se ha enviado' })).toBeVisible();
});
