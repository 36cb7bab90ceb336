import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import {
  test,
  expect,
  answerFirstVisitOverlays,
  loginAs,
  randomMobile,
  waitForAppOnNavigation,
} from './fixtures';
import { bearer, publishedRental } from './backend';
import { isPhone } from './layout';

// Issue 23 point 7 on a phone: a tenant with an uploaded payslip makes an offer and shares the payslip
// in the offer flow; the owner's offer shows the documentation as shared (locked until paid, decision
// 026) instead of "no ha compartido su documentación".

/** A small but real PDF of one page. */
function payslipPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>',
  ];
  const text = 'BT /F1 12 Tf 72 760 Td (Nomina de octubre) Tj ET';
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [i, object] of objects.entries()) {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  }
  offsets.push(Buffer.byteLength(body));
  body += `4 0 obj\n<< /Length ${text.length} >>\nstream\n${text}\nendstream\nendobj\n`;
  const xref = Buffer.byteLength(body);
  body += `xref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function userPage(browser: Browser, name: string): Promise<{ page: Page; token: string }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  await answerFirstVisitOverlays(context);
  const page = waitForAppOnNavigation(await context.newPage());
  const token = await loginAs(page, randomMobile(), name);
  return { page, token };
}

test('a tenant shares an uploaded payslip while making an offer; the owner sees it shared', async ({
  quietPage: page,
  request,
  browser,
}, testInfo) => {
  test.skip(!isPhone(testInfo), 'a phone journey (issue 23 point 7)');
  test.setTimeout(120_000);
  const title = `Piso en Lavapiés ${randomUUID().slice(0, 6)}`;
  const ownerToken = await loginAs(page, randomMobile(), 'Propietaria');
  const { propertyId, announcementId } = await publishedRental(request, ownerToken, title, {
    street: 'Calle de Lavapiés',
    streetNumber: '12',
    surfaceM2: 60,
  });
  const tenant = await userPage(browser, 'Inquilina');
  try {
    const uploaded = await request.post('/api/document', {
      headers: bearer(tenant.token),
      multipart: {
        kindCode: 'TDK002',
        file: { name: 'nomina-octubre.pdf', mimeType: 'application/pdf', buffer: payslipPdf() },
      },
    });
    expect(uploaded.status()).toBe(201);

    await test.step('the tenant offers and ticks the sharing in the flow', async () => {
      const { page: tp } = tenant;
      await tp.goto(`/property/${propertyId}`);
      await tp.getByRole('button', { name: 'Hacer oferta' }).click();
      await tp
        .getByRole('dialog', { name: 'Hacer oferta' })
        .getByRole('button', { name: 'Siguiente' })
        .click();
      const form = tp.getByRole('dialog', { name: 'Hacer oferta' });
      await form.getByRole('textbox', { name: /DNI, NIF o NIE/ }).fill('12345678Z');
      await form.getByRole('combobox', { name: /Tipo de contrato/ }).selectOption({ index: 1 });
      await form.getByRole('textbox', { name: /Salario neto mensual/ }).fill('3000');
      const documents = form.getByRole('list', { name: 'Documentos que verá el propietario' });
      await expect(documents.getByRole('listitem')).toHaveText(['Nóminas nomina-octubre.pdf']);
      const consent = form.getByRole('checkbox', { name: 'Compartir mi documentación con el propietario' });
      // Never ticked for the candidate: their first offer asks.
      await expect(consent).not.toBeChecked();
      await consent.check();
      await form.getByRole('button', { name: 'Enviar oferta' }).click();
      await expect(tp.getByRole('dialog', { name: 'Tu oferta se ha enviado' })).toBeVisible();
    });

    await test.step("the owner's offer shows the documentation shared, locked until paid", async () => {
      const offers = await request.get(`/api/announcement/${announcementId}/offers`, {
        headers: bearer(ownerToken),
      });
      const answer = (await offers.json()) as { data: { offers: { id: string }[] } };
      const offerId = answer.data.offers[0]?.id ?? '';
      expect(offerId).not.toBe('');
      await page.goto(`/property/${propertyId}/offers/${offerId}`);
      await expect(
        page.getByText('El candidato comparte su documentación contigo. La verás cuando pagues el anuncio.'),
      ).toBeVisible();
      await expect(page.getByText('El candidato no ha compartido su documentación')).toHaveCount(0);
    });
  } finally {
    await tenant.page.context().close();
  }
});
