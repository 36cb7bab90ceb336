import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, agentToken, answerFirstVisitOverlays, loginAs, randomMobile } from './fixtures';
import { agentValidates, bearer } from './backend';
import { chatButton, expectNotCovered, isPhone, useIssueViewport } from './layout';

// Issue 14, point 2, on a phone: the demo supervisor works the validation queue. A new property is found
// by search and validated; an announcement waiting for validation is rejected with a reason, which its
// owner then reads on their property page.

test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(!isPhone(testInfo), 'a phone journey (issue 14)');
});

const supervisor = 'agente@casaoferta.es';

/** A property sent to validation (PSG002) with a draft announcement titled `title`, owned by `token`'s user. */
async function propertyWithDraft(request: APIRequestContext, token: string, title: string, street: string) {
  const headers = bearer(token);
  const property = await request.post('/api/property', {
    headers,
    data: {
      street,
      streetNumber: '7',
      surfaceM2: 74,
      provinceCode: '28',
      municipalityCode: '28079',
      propertyTypeCode: 'PTY001',
      rooms: 3,
      bathrooms: 1,
    },
  });
  expect(property.status(), await property.text()).toBe(201);
  const propertyId = ((await property.json()) as { data: { id: string } }).data.id;
  const draft = await request.post('/api/announcement/draft', {
    headers,
    data: { propertyId, price: 980, customTitle: title },
  });
  expect(draft.ok(), await draft.text()).toBe(true);
  const announcementId = ((await draft.json()) as { data: { id: string } }).data.id;
  return { propertyId, announcementId };
}

/** The page as the demo supervisor, logged in (the agents' login itself is accounts.spec.ts's). */
async function asSupervisor(page: Page) {
  const token = await agentToken(supervisor);
  await page.addInitScript((value) => localStorage.setItem('casaoferta.token', value), token);
}

/** Opens the queue from the agents' menu and searches it for `text`; returns the one card found. */
async function findInQueue(page: Page, text: string) {
  await page.goto('/agents-menu');
  await page.getByRole('link', { name: 'Pendientes de validación' }).click();
  await expect(page).toHaveURL(/\/agents-validation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pendientes de validación' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar pendientes' }).fill(text);
  const list = page.getByRole('list', { name: 'Pendientes de validación' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  return list.getByRole('listitem');
}

test('the agent finds a new property in the queue and validates it', async ({
  quietPage: page,
  browser,
  request,
  expectNoSeriousA11yViolations,
}, testInfo) => {
  // Two axe scans of whole pages on a loaded machine.
  test.setTimeout(60_000);
  const ownerContext = await browser.newContext();
  const ownerToken = await loginAs(await ownerContext.newPage(), randomMobile(), 'Lorena Validación');
  await ownerContext.close();
  const stamp = Date.now().toString(36);
  const title = `Piso de la cola ${stamp}`;
  const { propertyId } = await propertyWithDraft(request, ownerToken, title, `Calle de la Cola ${stamp}`);

  await useIssueViewport(page, testInfo);
  await asSupervisor(page);
  const card = await findInQueue(page, stamp);
  await expect(card).toContainText('Inmueble nuevo');
  await expect(card).toContainText('Lorena Validación');
  await expect(card).toContainText(/Enviado hace (un momento|\d+ minutos?)/);
  await expect(card).toContainText('Sin fotos');
  await expectNoSeriousA11yViolations(page);

  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/agents-validation/${propertyId}$`));
  const decision = page.getByRole('region', { name: 'Validación del inmueble' });
  await expect(decision).toContainText('Pendiente de validación');
  await expect(page.getByRole('region', { name: 'Datos del inmueble' })).toContainText(
    `Calle de la Cola ${stamp}`,
  );
  await expect(page.getByRole('region', { name: 'Anuncios' })).toContainText(title);
  const validate = decision.getByRole('button', { name: 'Validar inmueble' });
  await expect(validate).toBeEnabled();
  // The main action is in reach on a phone: nothing fixed covers it, and agents get no chat button.
  await expect(chatButton(page)).toHaveCount(0);
  await expectNotCovered(
    validate,
    page.getByRole('complementary', { name: 'Herramientas de agente' }),
    'Validar',
  );
  await expectNoSeriousA11yViolations(page);

  await validate.click();
  const dialog = page.getByRole('dialog', { name: 'Validar inmueble' });
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Validar inmueble' }).click();
  await expect(page.getByText('Se ha validado el inmueble correctamente.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(decision).toContainText('Validado');
  await expect(decision.getByRole('button', { name: 'Validar inmueble' })).toBeDisabled();

  const review = await request.get(`/api/agents/property/${propertyId}/review`, {
    headers: bearer(await agentToken(supervisor)),
  });
  expect(((await review.json()) as { data: { validationStatus: string } }).data.validationStatus).toBe(
    'PSG001',
  );

  await page.getByRole('link', { name: 'Volver a la cola' }).click();
  await expect(page).toHaveURL(/\/agents-validation$/);
  await page.getByRole('searchbox', { name: 'Buscar pendientes' }).fill(stamp);
  await expect(page.getByRole('heading', { name: 'No hay nada pendiente' })).toBeVisible();
});

test('the agent rejects an announcement with a reason, and its owner reads the reason', async ({
  quietPage: page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const ownerContext = await browser.newContext();
  await answerFirstVisitOverlays(ownerContext);
  const ownerPage = await ownerContext.newPage();
  const ownerToken = await loginAs(ownerPage, randomMobile(), 'Tomás Rechazo');
  const stamp = Date.now().toString(36);
  const title = `Ático con terraza ${stamp}`;
  const { propertyId, announcementId } = await propertyWithDraft(
    request,
    ownerToken,
    title,
    `Calle del Rechazo ${stamp}`,
  );
  await agentValidates(request, propertyId);
  const publish = await request.post(`/api/announcement/${announcementId}/publish`, {
    headers: bearer(ownerToken),
  });
  expect(publish.ok(), await publish.text()).toBe(true);

  await useIssueViewport(page, testInfo);
  await asSupervisor(page);
  const card = await findInQueue(page, stamp);
  await expect(card).toContainText('Anuncio de alquiler');
  await card.getByRole('link', { name: title }).click();

  const announcements = page.getByRole('region', { name: 'Anuncios' });
  await expect(announcements).toContainText('Pendiente de validación');
  const reject = announcements.getByRole('button', { name: 'Rechazar anuncio' });
  await reject.click();
  const dialog = page.getByRole('dialog', { name: 'Rechazar anuncio' });
  const reasonBox = dialog.getByPlaceholder('Motivo del rechazo...');
  await expect(reasonBox).toBeFocused();
  await dialog.getByRole('button', { name: 'Rechazar anuncio' }).click();
  await expect(dialog.getByText('Escribe el motivo del rechazo.')).toBeVisible();
  const reason = 'Las fotos no corresponden a esta vivienda';
  await reasonBox.fill(reason);
  await dialog.getByRole('button', { name: 'Rechazar anuncio' }).click();
  await expect(page.getByText('Se ha rechazado la validación del anuncio.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Its button is disabled now: the focus waits on the page's heading, not lost on the body.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(announcements).toContainText('Rechazado');
  await expect(announcements).toContainText(`Motivo: ${reason}`);
  await expect(reject).toBeDisabled();

  await ownerPage.goto(`/property-detail/${propertyId}`);
  // The owner's page loads its property and announcements after the app (a loaded machine: 15 s).
  await expect(ownerPage.getByText(`Motivo del rechazo: ${reason}`)).toBeVisible({ timeout: 15_000 });
  await ownerContext.close();
});

// Issue 23 point 6: the owner sent the property and its announcement together; one item in the queue
// (the property's, carrying the announcement: decision 032) and one decision for both.
test('the agent validates a property and the announcement sent with it in one decision', async ({
  quietPage: page,
  browser,
  request,
  expectNoSeriousA11yViolations,
}, testInfo) => {
  test.setTimeout(60_000);
  const ownerContext = await browser.newContext();
  const ownerToken = await loginAs(await ownerContext.newPage(), randomMobile(), 'Irene Juntos');
  await ownerContext.close();
  const stamp = Date.now().toString(36);
  const title = `Piso enviado con su inmueble ${stamp}`;
  const { propertyId, announcementId } = await propertyWithDraft(
    request,
    ownerToken,
    title,
    `Calle de los Dos ${stamp}`,
  );
  // Sent while the property is still in validation.
  const publish = await request.post(`/api/announcement/${announcementId}/publish`, {
    headers: bearer(ownerToken),
  });
  expect(publish.ok(), await publish.text()).toBe(true);

  await useIssueViewport(page, testInfo);
  await asSupervisor(page);
  // One item for the pair, not the announcement beside its property.
  const card = await findInQueue(page, stamp);
  await expect(card).toContainText('Inmueble nuevo y anuncio');
  await expect(card).toContainText('Con su anuncio de alquiler: se deciden juntos en la revisión.');
  await expect(page.getByText('1 pendiente', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/agents-validation/${propertyId}$`));
  const decision = page.getByRole('region', { name: 'Validación del inmueble' });
  await expect(decision).toContainText(`El propietario ha enviado «${title}» junto con el inmueble`);
  const both = decision.getByRole('button', { name: 'Validar inmueble y anuncio' });
  await expectNotCovered(
    both,
    page.getByRole('complementary', { name: 'Herramientas de agente' }),
    'Validar',
  );
  await both.click();
  const dialog = page.getByRole('dialog', { name: 'Validar inmueble y anuncio' });
  await dialog.getByRole('button', { name: 'Validar inmueble y anuncio' }).click();
  await expect(page.getByText('Se han validado el inmueble y el anuncio correctamente.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(decision).toContainText('Validado');
  await expect(page.getByRole('region', { name: 'Anuncios' })).toContainText('Publicado');
  // Nothing of the pair waits any more.
  await page.getByRole('link', { name: 'Volver a la cola' }).click();
  await page.getByRole('searchbox', { name: 'Buscar pendientes' }).fill(stamp);
  await expect(page.getByRole('heading', { name: 'No hay nada pendiente' })).toBeVisible();

  // The announcement is live: a visitor opens its public page.
  const visitor = await browser.newContext();
  await answerFirstVisitOverlays(visitor);
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/property/${propertyId}`);
  await expect(visitorPage.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 15_000 });
  await visitor.close();
});

test('a visitor opening the queue is sent to the agents’ login', async ({ quietPage: page }) => {
  await page.goto('/agents-validation');
  await expect(page).toHaveURL(/\/login-agents$/);
});
