import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import {
  test,
  expect,
  agentToken,
  answerFirstVisitOverlays,
  loginAs,
  randomMobile,
  waitForAppOnNavigation,
} from './fixtures';
import { bearer, devOutboxHeaders, makeRentalOffer, newUserToken, publishedRental } from './backend';
import { isPhone, phone } from './layout';

// The agent's Options sheet (issue 14, point 1), on a phone: the agent acts as the owner and downloads a
// candidate's solvency report, acts as the candidate and downloads their documents, then blocks them
// (their session in another browser ends, their offer is withdrawn) and readmits them.

const agentEmail = 'agente@casaoferta.es';

/** A name the agents' search finds once: letters only, as a person's name. */
const uniqueName = (first: string) =>
  `${first} ${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/** A small real PDF, for a document the candidate uploads. */
function smallPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << >> >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [i, object] of objects.entries()) {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body);
  body += `xref\n0 4\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function saved(download: Download): Promise<string> {
  const file = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'agent-options-')),
    download.suggestedFilename(),
  );
  await download.saveAs(file);
  return file;
}

/** The text of a PDF (pdftotext, when the machine has it), else null. */
function pdfText(file: string): string | null {
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } catch {
    return null;
  }
}

/** The entry names of a zip, read from its central directory. */
function zipEntries(file: string): string[] {
  const data = fs.readFileSync(file);
  const names: string[] = [];
  for (
    let at = data.indexOf('PK\x01\x02', 0, 'latin1');
    at >= 0;
    at = data.indexOf('PK\x01\x02', at + 4, 'latin1')
  ) {
    const nameLength = data.readUInt16LE(at + 28);
    names.push(data.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
  }
  return names;
}

async function actAs(page: Page, name: string) {
  await page.goto('/agents-menu');
  const list = page.getByRole('list', { name: 'Usuarios que puedes gestionar' });
  await page.getByRole('searchbox', { name: 'Buscar usuarios' }).fill(name);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: new RegExp(`^Actuar como ${name}`) }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`Actuar como ${name}`) });
  await dialog.getByRole('textbox', { name: /Motivo/ }).fill('Prueba e2e: consulta de soporte 77');
  await dialog.getByRole('button', { name: 'Actuar como' }).click();
  await expect(page.getByRole('link', { name: `Actuando como ${name}` })).toBeVisible();
}

async function openOptions(page: Page) {
  const kebab = page.getByRole('complementary', { name: 'Herramientas de agente' }).getByRole('button', {
    name: 'Opciones',
  });
  const sheet = page.getByRole('dialog', { name: 'Opciones de agente' });
  // The sheet stays open while a download runs (it shows the progress).
  if (!(await sheet.isVisible())) await kebab.click();
  await expect(sheet).toBeVisible();
  return { kebab, sheet };
}

test('an agent works a candidate from the Options sheet: reports, documents, block and readmission', async ({
  quietPage: page,
  request,
  browser,
  expectNoSeriousA11yViolations,
}, testInfo) => {
  test.skip(!isPhone(testInfo), 'a phone journey (issue 14)');
  test.setTimeout(180_000);
  await page.setViewportSize(phone);

  const ownerName = uniqueName('Propietaria');
  const candidateName = uniqueName('Candidata');
  const candidatePhone = randomMobile();
  const candidateContext = await browser.newContext();
  await answerFirstVisitOverlays(candidateContext);
  const candidatePage = waitForAppOnNavigation(await candidateContext.newPage());

  const { propertyId, announcementId, offerId, candidateToken } =
    await test.step('an owner publishes a rental; a candidate offers and uploads a payslip', async () => {
      const ownerToken = await newUserToken(browser, ownerName);
      const rental = await publishedRental(request, ownerToken, `Piso del agente ${candidateName}`, {
        street: 'Calle de Atocha',
        streetNumber: '30',
        surfaceM2: 70,
      });
      const candidateToken = await loginAs(candidatePage, candidatePhone, candidateName);
      const offerId = await makeRentalOffer(request, candidateToken, rental.announcementId, {
        amount: 1100,
        nif: '12345678Z',
        salary: 3000,
      });
      const upload = await request.post('/api/document', {
        headers: bearer(candidateToken),
        multipart: {
          kindCode: 'TDK002',
          file: { name: 'nomina-octubre.pdf', mimeType: 'application/pdf', buffer: smallPdf() },
        },
      });
      expect(upload.status(), await upload.text()).toBe(201);
      return { ...rental, offerId, candidateToken };
    });

  await test.step('the candidate is logged in on their own phone', async () => {
    await candidatePage.goto('/my-offers');
    await expect(candidatePage.getByRole('heading', { level: 1, name: 'Ofertas realizadas' })).toBeVisible();
  });

  const agent = await agentToken(agentEmail);
  await page.addInitScript((token) => localStorage.setItem('casaoferta.token', token), agent);

  await test.step("acting as the owner, the agent downloads the candidate's solvency report", async () => {
    await actAs(page, ownerName);
    await page.goto(`/property-detail/${propertyId}`);
    const { kebab, sheet } = await openOptions(page);
    await expect(sheet.getByRole('button', { name: 'Ampliar el periodo del anuncio' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await expect(sheet.getByRole('button', { name: 'Validar inmueble' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(sheet.getByRole('button', { name: 'Readmitir usuario' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    // Escape closes the sheet and the focus goes back to the kebab.
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(kebab).toBeFocused();

    await openOptions(page);
    await sheet.getByRole('button', { name: 'Descargar informe de solvencia' }).click();
    const picker = page.getByRole('dialog', { name: 'Informe de solvencia' });
    const pick = picker.getByRole('button', { name: /^Descargar el informe de Candidata/ });
    const [download] = await Promise.all([page.waitForEvent('download'), pick.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await saved(download);
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.byteLength).toBeGreaterThan(1000);
    const text = pdfText(file);
    if (text !== null) {
      expect(text).toContain('solvencia');
      expect(text).toContain(candidateName.split(' ')[0] ?? 'Candidata');
    }
    await expect(page.getByText(`Se ha descargado ${download.suggestedFilename()}.`)).toBeVisible();
  });

  await test.step('the agent receives the contact data of the owner and the candidate by e-mail', async () => {
    const { sheet } = await openOptions(page);
    const receive = sheet.getByRole('button', { name: 'Recibir datos de contacto' });
    await expect(receive).not.toHaveAttribute('aria-disabled');
    await receive.click();
    await expect(
      page.getByText(`Se han enviado los datos de contacto a tu correo, ${agentEmail}.`),
    ).toBeVisible();
    await expect(sheet).toBeHidden();
    // Unpaid announcement: the owner would not see the candidate's phone, but the agent does (decision 019).
    await expect
      .poll(async () => {
        const response = await request.get('/api/dev/outbox', { headers: devOutboxHeaders });
        const { data } = (await response.json()) as {
          data: { channel: string; recipient: string; body: string }[];
        };
        return data.find(
          (message) =>
            message.channel === 'email' &&
            message.recipient === agentEmail &&
            message.body.includes(candidateName),
        )?.body;
      })
      .toContain(candidatePhone);
  });

  await test.step('acting as the candidate, the agent downloads their documents', async () => {
    const { sheet } = await openOptions(page);
    await sheet.getByRole('button', { name: 'Cambiar usuario' }).click();
    await expect(page).toHaveURL(/\/agents-menu$/);
    await actAs(page, candidateName);
    await page.goto('/profile/documentation');
    const options = await openOptions(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      options.sheet.getByRole('button', { name: 'Descargar documentos' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const entries = zipEntries(await saved(download));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatch(/nomina-octubre\.pdf$/);
  });

  await test.step('the agent blocks the candidate: their session and their offer end', async () => {
    await page.goto(`/offer-detail/${announcementId}/${offerId}`);
    const { sheet } = await openOptions(page);
    await expect(sheet.getByRole('button', { name: 'Descargar informe del candidato' })).toBeVisible();
    await sheet.getByRole('button', { name: 'Bloquear usuario' }).click();
    const confirm = page.getByRole('dialog', { name: 'Bloquear usuario' });
    await expect(confirm).toContainText(`¿Seguro que quieres bloquear a ${candidateName}`);
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Bloquear' }).click();
    // The impersonation ended with the user's sessions: the agent is himself on the agents' menu.
    await expect(page).toHaveURL(/\/agents-menu$/);
    await expect(page.getByRole('complementary', { name: 'Herramientas de agente' })).toContainText(
      'Toma el control',
    );

    const offer = await request.get(`/api/announcement/${announcementId}/offer/${offerId}`, {
      headers: bearer(candidateToken),
    });
    expect(offer.status()).toBe(401);
    await candidatePage.reload();
    await expect(candidatePage).toHaveURL(/\/login/);
  });

  await test.step('the agent readmits them from the sheet; their offer stays withdrawn', async () => {
    const { sheet } = await openOptions(page);
    await sheet.getByRole('button', { name: 'Readmitir usuario' }).click();
    const confirm = page.getByRole('dialog', { name: 'Readmitir usuario' });
    await expect(confirm).toContainText(candidateName);
    await Promise.all([
      page.waitForEvent('load'),
      confirm.getByRole('button', { name: 'Readmitir' }).click(),
    ]);
    const user = await request.get(
      '/api/agents/users/' + (await candidateId(request, agent, candidateName)),
      {
        headers: bearer(agent),
      },
    );
    expect(((await user.json()) as { data: { isBlocked: boolean } }).data.isBlocked).toBe(false);
    const again = await loginAs(candidatePage, candidatePhone);
    const offer = await request.get(`/api/announcement/${announcementId}/offer/${offerId}`, {
      headers: bearer(again),
    });
    expect(offer.ok(), await offer.text()).toBe(true);
    expect(((await offer.json()) as { data: { statusCode: string } }).data.statusCode).toBe('OSC003');
    const { sheet: after } = await openOptions(page);
    await expect(after.getByRole('button', { name: 'Readmitir usuario' })).toHaveCount(0);
  });

  await candidateContext.close();
});

async function candidateId(request: APIRequestContext, agent: string, name: string): Promise<string> {
  const res = await request.get(
    `/api/authentication/agents/manageable-users?search=${encodeURIComponent(name)}`,
    {
      headers: bearer(agent),
    },
  );
  const { data } = (await res.json()) as { data: { items: { id: string }[] } };
  return data.items[0]?.id ?? '';
}
