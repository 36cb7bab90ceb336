import { randomUUID } from 'node:crypto';
import { test, expect, loginAs, randomMobile } from './fixtures';
import { bearer, makeRentalOffer, newUserToken, publishedRental } from './backend';
import { chatButton, expectNotCovered, isPhone, useIssueViewport } from './layout';

// The candidate's side of offers (issue 10 points 4 and 6), on a phone: a tenant finds their offers in
// 'Ofertas realizadas', withdraws one and reads the owner's decision, with its reason, as it happens.

test.describe('my offers', () => {
  test('a tenant follows their offers, withdraws one and sees the owner choose another, with the reason', async ({
    quietPage: page,
    request,
    browser,
    expectNoSeriousA11yViolations,
  }, testInfo) => {
    test.skip(!isPhone(testInfo), 'a phone journey (issue 10)');
    test.setTimeout(120_000);
    await useIssueViewport(page, testInfo);
    const suffix = randomUUID().slice(0, 6);
    const decidedTitle = `Ático en Lavapiés ${suffix}`;
    const withdrawnTitle = `Estudio en Lavapiés ${suffix}`;

    const { ownerToken, tenantToken, decided, withdrawn, rivalOfferId } =
      await test.step('an owner publishes two rentals; the tenant and a rival make offers', async () => {
        const ownerToken = await newUserToken(browser, 'Propietaria');
        const rivalToken = await newUserToken(browser, 'Rival');
        const tenantToken = await loginAs(page, randomMobile(), 'Inquilina');
        const lavapies = { street: 'Calle de Lavapiés', streetNumber: '12', surfaceM2: 65 };
        const decidedAnnouncement = await publishedRental(request, ownerToken, decidedTitle, lavapies);
        const withdrawnAnnouncement = await publishedRental(request, ownerToken, withdrawnTitle, lavapies);
        const tenant = { nif: '12345678Z', salary: 2400 };
        const decided = {
          ...decidedAnnouncement,
          offerId: await makeRentalOffer(request, tenantToken, decidedAnnouncement.announcementId, {
            amount: 1150,
            ...tenant,
          }),
        };
        const withdrawn = {
          ...withdrawnAnnouncement,
          offerId: await makeRentalOffer(request, tenantToken, withdrawnAnnouncement.announcementId, {
            amount: 1120,
            ...tenant,
          }),
        };
        const rivalOfferId = await makeRentalOffer(request, rivalToken, decidedAnnouncement.announcementId, {
          amount: 1200,
          nif: '87654321X',
          salary: 2400,
        });
        return { ownerToken, tenantToken, decided, withdrawn, rivalOfferId };
      });
    expect(tenantToken).not.toBe(ownerToken);

    await test.step("'Ofertas realizadas' shows both offers with their position", async () => {
      await page.goto('/my-offers');
      await expect(page.getByRole('heading', { level: 1, name: 'Ofertas realizadas' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Alquiler' })).toHaveAttribute('aria-selected', 'true');
      const list = page.getByRole('list', { name: 'Tus ofertas de alquiler' });
      const card = (title: string) =>
        list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
      await expect(card(decidedTitle).getByText('Hay una oferta más alta: 1.200 €/mes')).toBeVisible();
      await expect(card(decidedTitle).getByText('1.150 €/mes')).toBeVisible();
      await expect(card(withdrawnTitle).getByText('Tu oferta es la más alta')).toBeVisible();
      await expect(card(withdrawnTitle).getByText('Enviada')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await card(withdrawnTitle).getByRole('link', { name: withdrawnTitle }).click();
      await expect(page).toHaveURL(`/offer-detail/${withdrawn.announcementId}/${withdrawn.offerId}`);
    });

    await test.step('the tenant withdraws one offer after confirming', async () => {
      await expect(page.getByRole('heading', { level: 1, name: withdrawnTitle })).toBeVisible();
      await expect(page.getByText('Oferta enviada: 1.120 €/mes')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Modificar oferta' })).toHaveAttribute(
        'href',
        `/property/${withdrawn.propertyId}?afterAction=make-offer%3A${withdrawn.announcementId}`,
      );
      const withdraw = page.getByRole('button', { name: 'Retirar oferta' });
      await withdraw.scrollIntoViewIfNeeded();
      await expectNotCovered(withdraw, chatButton(page), "'Retirar oferta'");
      await expectNoSeriousA11yViolations(page);
      await withdraw.click();
      const dialog = page.getByRole('dialog', { name: '¿Retirar tu oferta?' });
      await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole('button', { name: 'Sí, retirar' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Retirada', { exact: true })).toBeVisible();
      await expect(page.getByText('Has retirado la oferta')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retirar oferta' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Modificar oferta' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Hacer una oferta nueva' })).toBeVisible();
      await page.reload();
      await expect(page.getByText('Retirada', { exact: true })).toBeVisible();
    });

    await test.step('the withdrawn offer moves to Finalizadas', async () => {
      await page.getByRole('link', { name: 'Volver a mis ofertas' }).first().click();
      const list = page.getByRole('list', { name: 'Tus ofertas de alquiler' });
      await expect(list.getByRole('heading', { name: decidedTitle })).toBeVisible();
      await expect(list.getByRole('heading', { name: withdrawnTitle })).toHaveCount(0);
      await page.getByRole('radio', { name: 'Finalizadas' }).click();
      await expect(page).toHaveURL(/estado=finalizadas/);
      await expect(list.getByRole('heading', { name: withdrawnTitle })).toBeVisible();
      await expect(list.getByRole('heading', { name: decidedTitle })).toHaveCount(0);
    });

    await test.step('the owner chooses the rival; the tenant reads the decision and its reason live', async () => {
      await page.goto(`/offer-detail/${decided.announcementId}/${decided.offerId}`);
      await expect(page.getByRole('heading', { level: 1, name: decidedTitle })).toBeVisible();
      await expect(page.getByText('Hay una oferta más alta: 1.200 €/mes')).toBeVisible();
      const selected = await request.post(
        `/api/announcement/${decided.announcementId}/offer/${rivalOfferId}/select-tenant`,
        { headers: bearer(ownerToken), data: { reasonCode: 'ODR002' } },
      );
      expect(selected.ok(), await selected.text()).toBe(true);
      // No reload: the page follows the announcement's events.
      const decision = page.getByRole('region', { name: 'Decisión del propietario' });
      await expect(decision.getByText('El propietario ha elegido otra oferta')).toBeVisible();
      await expect(decision.getByText('Motivo: El precio ofrecido')).toBeVisible();
      await expect(page.getByText('No seleccionada', { exact: true })).toBeVisible();
      await expect(
        page.getByRole('list', { name: 'Historial de la oferta' }).getByText('Motivo: El precio ofrecido'),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retirar oferta' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    });
  });

  test('the losing candidate finds the decision first, with its reason, until they open it (issue 23)', async ({
    quietPage: page,
    request,
    browser,
    expectNoSeriousA11yViolations,
  }, testInfo) => {
    test.skip(!isPhone(testInfo), 'a phone journey (issue 23)');
    test.setTimeout(120_000);
    await useIssueViewport(page, testInfo);
    const title = `Piso en Embajadores ${randomUUID().slice(0, 6)}`;
    const ownerToken = await newUserToken(browser, 'Propietaria');
    const rivalToken = await newUserToken(browser, 'Rival');
    const tenantToken = await loginAs(page, randomMobile(), 'Perdedora');
    const announcement = await publishedRental(request, ownerToken, title, {
      street: 'Calle de Embajadores',
      streetNumber: '20',
      surfaceM2: 60,
    });
    const offerId = await makeRentalOffer(request, tenantToken, announcement.announcementId, {
      amount: 1100,
      nif: '12345678Z',
      salary: 2400,
    });
    const rivalOfferId = await makeRentalOffer(request, rivalToken, announcement.announcementId, {
      amount: 1200,
      nif: '87654321X',
      salary: 2400,
    });
    const selected = await request.post(
      `/api/announcement/${announcement.announcementId}/offer/${rivalOfferId}/select-tenant`,
      { headers: bearer(ownerToken), data: { reasonCode: 'ODR002' } },
    );
    expect(selected.ok(), await selected.text()).toBe(true);

    await test.step("'Ofertas realizadas' opens on the decision, before the empty list", async () => {
      await page.goto('/my-offers');
      const news = page.getByRole('region', { name: 'Novedades de tu oferta' });
      await expect(news.getByText('El propietario ha elegido otra oferta')).toBeVisible();
      await expect(news.getByText('Motivo: El precio ofrecido')).toBeVisible();
      await expect(news.getByText(title)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'No tienes ofertas activas' })).toBeVisible();
      const open = news.getByRole('link', { name: `Ver detalle: ${title}` });
      await expectNotCovered(open, chatButton(page), "'Ver detalle'");
      await expectNoSeriousA11yViolations(page);
      await open.click();
      await expect(page).toHaveURL(`/offer-detail/${announcement.announcementId}/${offerId}`);
      await expect(page.getByText('No seleccionada', { exact: true })).toBeVisible();
    });

    await test.step('once opened it is in Finalizadas, on a reload too', async () => {
      await page.getByRole('link', { name: 'Volver a mis ofertas' }).first().click();
      await expect(page.getByRole('heading', { name: 'No tienes ofertas activas' })).toBeVisible();
      await expect(page.getByRole('region', { name: /Novedades/ })).toHaveCount(0);
      await page.getByRole('radio', { name: 'Finalizadas' }).click();
      const list = page.getByRole('list', { name: 'Tus ofertas de alquiler' });
      await expect(list.getByRole('heading', { name: title })).toBeVisible();
      await page.reload();
      await expect(list.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByRole('region', { name: /Novedades/ })).toHaveCount(0);
    });
  });
});
