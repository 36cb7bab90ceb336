import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderContractPdf } from './render';
import { owner, pdfText, sampleData, tenant } from './test-support';
import { termEnd } from './texts';
import type { ContractDocumentData } from './types';

/** The PDF's text with every run of whitespace as one space (lines wrap anywhere). */
const flatText = async (data: ContractDocumentData) =>
  (await pdfText(await renderContractPdf(data))).replace(/\s+/g, ' ');

/** What no filled contract may show: an unfilled template or a JavaScript value printed. */
const PLACEHOLDERS = ['{', '}', '[', ']', 'undefined', 'null', 'NaN', 'Infinity', '[object', '$'];

function expectFilled(text: string): void {
  for (const placeholder of PLACEHOLDERS)
    expect(text, `"${placeholder}" in the contract`).not.toContain(placeholder);
}

function expectParties(text: string): void {
  for (const party of [owner, tenant]) {
    expect(text).toContain(party.fullName);
    expect(text).toContain(party.nif);
    expect(text).toContain(party.address);
  }
  expect(text).toContain('maria.nunez@example.com');
  expect(text).toContain('+34 612 345 678');
  expect(text).toContain('+34 698 765 432');
}

describe('the contract PDF', () => {
  it('writes a home rental under the LAU, every clause filled', async () => {
    const text = await flatText(sampleData('rental'));
    expect(text).toContain('CONTRATO DE ARRENDAMIENTO DE VIVIENDA');
    expect(text).toContain('Ley 29/1994');
    for (const heading of [
      'REUNIDOS',
      'EXPONEN',
      'CLÁUSULAS',
      'PRIMERA. Objeto y destino',
      'DUODÉCIMA. Firma electrónica',
    ]) {
      expect(text).toContain(heading);
    }
    expectParties(text);
    expect(text).toContain('LA PARTE ARRENDADORA');
    expect(text).toContain('9872023VH5797S0001WX');
    expect(text).toContain('Calle de Embajadores 45, 2.º izquierda, 28012 Madrid (Madrid)');
    expect(text).toContain('74 m²');
    expect(text).toContain('tres (3) dormitorios');
    expect(text).toContain('La renta mensual es de mil doscientos cincuenta euros (1.250 €)');
    expect(text).toContain('el día cinco (5) de cada mes');
    expect(text).toContain('ES91 2100 0418 4502 0005 1332');
    expect(text).toContain('Transferencia bancaria');
    expect(text).toContain('entra en vigor el 15 de enero de 2027');
    expect(text).toContain('doce (12) meses, hasta el 14 de enero de 2028');
    expect(text).toContain('artículo 9 de la LAU');
    expect(text).toContain('artículo 10 de la LAU');
    // Fianza: one month; additional guarantee: two months.
    expect(text).toContain('mil doscientos cincuenta euros (1.250 €), equivalente a una (1) mensualidad');
    expect(text).toContain('artículo 36.1 de la LAU');
    expect(text).toContain('dos mil quinientos euros (2.500 €), equivalente a dos (2) mensualidades');
    expect(text).toContain('se arrienda amueblada');
    expect(text).toContain('No se permite la tenencia de animales');
    expect(text).toContain('a) Subarriendo no permitido.');
    expect(text).toContain('b) Prohibido fumar en la vivienda.');
    expect(text).toContain('Juzgados y Tribunales de Madrid');
    expect(text).toContain('En Madrid, a 27 de noviembre de 2026');
    expect(text).toMatch(/Página 1 de [2-9]/);
    expect(text).toContain('Contrato CTR-2026-000123');
    expect(text).not.toContain('ANEXO I');
    expectFilled(text);
  });

  it('writes a room rental under the Civil Code, not as a LAU home', async () => {
    const text = await flatText(sampleData('room_rental'));
    expect(text).toContain('CONTRATO DE ARRENDAMIENTO DE HABITACIÓN');
    expect(text).toContain('«Habitación exterior con balcón»');
    expect(text).toContain('1.542 y siguientes del Código Civil');
    expect(text).toContain('tácita reconducción');
    expect(text).not.toContain('artículo 9 de la LAU');
    expect(text).not.toContain('referencia catastral');
    expectParties(text);
    expect(text).toContain('cuatrocientos cincuenta euros (450 €)');
    expect(text).toContain('novecientos euros (900 €), equivalente a dos (2) mensualidades');
    expect(text).toContain('No se pacta ninguna garantía adicional');
    expect(text).toContain('se arrienda sin amueblar');
    expect(text).toContain('Se permite la tenencia de animales');
    expectFilled(text);
  });

  it('writes a private purchase agreement with arras penitenciales', async () => {
    const text = await flatText(sampleData('sale'));
    expect(text).toContain('CONTRATO DE ARRAS PENITENCIALES');
    expect(text).toContain('en concepto de arras penitenciales');
    expect(text).toContain('artículo 1.454 del Código Civil');
    expect(text).toContain('LA PARTE VENDEDORA');
    expect(text).toContain('LA PARTE COMPRADORA');
    expectParties(text);
    expect(text).toContain('doscientos ochenta y cinco mil euros (285.000 €)');
    expect(text).toContain('a) veintiocho mil quinientos euros (28.500 €) a la firma');
    expect(text).toContain(
      'b) doscientos cincuenta y seis mil quinientos euros (256.500 €), resto del precio',
    );
    expect(text).toContain('cincuenta y siete mil euros (57.000 €)');
    expect(text).toContain('préstamo hipotecario de doscientos mil euros (200.000 €)');
    expect(text).toContain('a más tardar el 31 de marzo de 2027');
    expect(text).toContain('ES76 2077 0024 0031 0257 5766');
    expect(text).toContain('9872023VH5797S0001WX');
    expect(text).not.toContain('arrendataria');
    expectFilled(text);
  });

  // Issue 23 point 13: the contract of a sale is the arras contract of the kind the announcement stated.
  it.each([
    [
      'ARS002',
      'CONTRATO DE ARRAS CONFIRMATORIAS',
      'artículo 1.124 del Código Civil',
      'se entenderá que incumple',
    ],
    [
      'ARS003',
      'CONTRATO DE ARRAS PENALES',
      'artículos 1.152 y siguientes',
      'cincuenta y siete mil euros (57.000 €)',
    ],
  ] as const)('writes the arras contract of arras %s', async (arrasTypeCode, title, law, consequence) => {
    const base = sampleData('sale');
    if (!base.sale) throw new Error('sample sale without terms');
    const text = await flatText({ ...base, sale: { ...base.sale, arrasTypeCode } });
    expect(text).toContain(title);
    expect(text).toContain(law);
    expect(text).toContain(consequence);
    expect(text).toContain(
      'a) veintiocho mil quinientos euros (28.500 €) a la firma de este contrato, en concepto de',
    );
    expect(text).not.toContain('penitenciales');
    expectFilled(text);
  });

  it('leaves out what is not known, with the words around it', async () => {
    const data = sampleData('sale', {
      conditions: [],
      sale: {
        arrasTypeCode: 'ARS001',
        arrasAmount: 10_000,
        deedDeadline: '2027-02-01',
        paymentType: 'cash',
        mortgageAmount: null,
        iban: null,
      },
    });
    data.property = {
      ...data.property,
      cadastralReference: null,
      postalCode: null,
      surfaceM2: null,
      rooms: null,
    };
    data.owner = { ...data.owner, email: null };
    const text = await flatText(data);
    expect(text).not.toContain('referencia catastral');
    expect(text).not.toContain('IBAN');
    expect(text).not.toContain('correo electrónico');
    expect(text).toContain('con fondos propios');
    expect(text).toContain('no pactan condiciones particulares');
    expectFilled(text);
  });

  it('adds the inventory photos as an annex and numbers every page', async () => {
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const photo = { jpeg: new Uint8Array(jpeg), width: 320, height: 240 };
    const text = await flatText(sampleData('rental', { inventoryPhotos: [photo, photo, photo] }));
    expect(text).toContain('ANEXO I. INVENTARIO FOTOGRÁFICO');
    expect(text).toContain('Fotografía 3 de 3');
    expect(text).toContain('inventario fotográfico del Anexo I');
    const pages = Number(/Página 1 de (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(2);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Página ${page} de ${pages}`);
    expectFilled(text);
  });

  it.each([
    ['Łukasz Żółć', 'Ioana Ștefănescu'],
    ['Αλέξανδρος Παπαδόπουλος', 'Сергей Иванов'],
    ['Ayşe Ağaoğlu', 'Nguyễn Thị Hương'],
  ])('prints the parties named %s and %s exactly, as text', async (ownerName, tenantName) => {
    const data = sampleData('rental');
    data.owner = { ...data.owner, fullName: ownerName };
    data.tenant = { ...data.tenant, fullName: tenantName };
    const text = await flatText(data);
    for (const name of [ownerName, tenantName]) {
      expect(text).toContain(`D./D.ª ${name}, mayor de edad`);
      // The signature block, where the name is alone on its line.
      expect(text).toContain(` ${name} Firmado electrónicamente`);
    }
    expect(text).not.toContain('?');
  });

  it('composes a name typed with combining accents into the letters the font prints', async () => {
    const data = sampleData('rental');
    data.tenant = { ...data.tenant, fullName: 'Ioana S\u0326tefa\u0306nescu' };
    expect(await flatText(data)).toContain('D./D.ª Ioana Ștefănescu, mayor de edad');
  });

  it('prints what the font lacks as "?", and the PDF is still made', async () => {
    const data = sampleData('rental');
    // DejaVu Sans has no Chinese nor most emoji; Arabic is left out (pdf-lib lays text out left to right).
    data.owner = { ...data.owner, fullName: 'Zoë Łukasz 王 👍' };
    data.tenant = { ...data.tenant, fullName: 'محمد Ali' };
    const text = await flatText(data);
    expect(text).toContain('D./D.ª Zoë Łukasz ? ?, mayor de edad');
    expect(text).toContain('D./D.ª ???? Ali, mayor de edad');
  });

  it('renders the same bytes for the same data', async () => {
    const data = sampleData('rental');
    expect(
      Buffer.from(await renderContractPdf(data)).equals(Buffer.from(await renderContractPdf(data))),
    ).toBe(true);
  });

  it('ends a term the day before the same date, clamped to the month', () => {
    expect(termEnd('2027-01-15', 12)).toBe('2028-01-14');
    expect(termEnd('2027-01-01', 6)).toBe('2027-06-30');
    expect(termEnd('2027-01-31', 1)).toBe('2027-02-27');
    expect(termEnd('2028-01-31', 1)).toBe('2028-02-28');
  });
});
