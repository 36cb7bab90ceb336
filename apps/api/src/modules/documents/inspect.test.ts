import { once } from 'node:events';
import { buffer } from 'node:stream/consumers';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/errors';
import {
  classifyPdfIsolated,
  displayFileName,
  inspectDocument,
  MAX_DOCUMENT_BYTES,
  sniffDocumentType,
} from './inspect';
import { makePdf } from './test-support';

/** A hand-written PDF (pdf-lib reads it object by object): `catalog` is the catalog's extra entries. */
const rawPdf = (catalog: string, extra = '') =>
  Buffer.from(
    [
      '%PDF-1.7',
      `1 0 obj << /Type /Catalog /Pages 2 0 R ${catalog} >> endobj`,
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
      extra,
      'trailer << /Root 1 0 R /Size 5 >>',
      '%%EOF',
    ].join('\n'),
    'latin1',
  );

const refusal = async (bytes: Buffer) =>
  inspectDocument(bytes).then(
    () => null,
    (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
  );

describe('inspecting a document', () => {
  it('knows PDF, JPEG, PNG and WebP by their first bytes only', () => {
    expect(sniffDocumentType(Buffer.from('%PDF-1.4'))).toBe('pdf');
    expect(sniffDocumentType(Buffer.from('ffd8ffdb00', 'hex'))).toBe('jpeg');
    expect(sniffDocumentType(Buffer.from('89504e470d0a1a0a00', 'hex'))).toBe('png');
    expect(sniffDocumentType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(sniffDocumentType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffDocumentType(Buffer.from('MZ\x90\x00'))).toBeNull();
    expect(sniffDocumentType(Buffer.from('<html>%PDF-'))).toBeNull();
  });

  it('accepts a plain PDF, with or without object streams', async () => {
    expect(await refusal(await makePdf())).toBeNull();
    expect(await refusal(await makePdf({ objectStreams: true }))).toBeNull();
    expect(await refusal(rawPdf(''))).toBeNull();
  });

  it.each([
    ['a script action written with escaped names', '/OpenAction << /S /Java#53cript /J#53 (app.alert(1)) >>'],
    ['document-level scripts in the name tree', '/Names << /JavaScript 4 0 R >>'],
    ['a page action launching a program', '/AA << /O << /S /Launch /F (cmd.exe) >> >>'],
    ['an XFA form', '/AcroForm << /Fields [] /XFA 4 0 R >>'],
  ])('refuses %s as DOCUMENT_UNSAFE', async (_what, catalog) => {
    expect(await refusal(rawPdf(catalog, '4 0 obj << /Names [] >> endobj'))).toBe('DOCUMENT_UNSAFE');
  });

  it('refuses what is not a readable PDF with pages as DOCUMENT_INVALID', async () => {
    expect(await refusal(Buffer.from('%PDF-1.7\ngarbage'))).toBe('DOCUMENT_INVALID');
    expect(await refusal(Buffer.from('%PDF-'))).toBe('DOCUMENT_INVALID');
  });
});

describe('reading a PDF in its own thread', () => {
  it('ends a compression bomb in an object stream when its time is up, as an invalid file', async () => {
    // Half a megabyte that pdf-lib would inflate whole to 512 MB (a 10 MB one, to 10 GB), for many seconds.
    const deflate = zlib.createDeflate({ level: 9 });
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const compressed = buffer(deflate);
    for (let i = 0; i < 512; i++) if (!deflate.write(chunk)) await once(deflate, 'drain');
    deflate.end();
    const packed = await compressed;
    const bomb = Buffer.concat([
      Buffer.from(
        [
          '%PDF-1.7',
          '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
          '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
          '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
          `4 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >>`,
          'stream\n',
        ].join('\n'),
        'latin1',
      ),
      packed,
      Buffer.from('\nendstream\nendobj\ntrailer << /Root 1 0 R /Size 5 >>\n%%EOF', 'latin1'),
    ]);
    expect(bomb.length).toBeLessThan(MAX_DOCUMENT_BYTES);
    const started = Date.now();
    expect(await classifyPdfIsolated(bomb, 2_000)).toBe('invalid');
    // Ended by its time limit: not refused early, and not read to the end.
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(2_000);
    expect(elapsed).toBeLessThan(8_000);
  });

  it('answers the verdict of a readable PDF', async () => {
    expect(await classifyPdfIsolated(rawPdf(''))).toBe('ok');
    expect(await classifyPdfIsolated(rawPdf('/OpenAction << /S /JavaScript /JS (x) >>'))).toBe('unsafe');
  });
});

describe('the display name', () => {
  it.each([
    ['../../etc/passwd', 'pdf', 'passwd.pdf'],
    ['C:\\fakepath\\Nómina marzo.PDF', 'pdf', 'Nómina marzo.pdf'],
    ['foto\u0000\u0007 dni\t\n.jpeg', 'jpeg', 'foto dni.jpeg'],
    ['informe\u202efdp.exe', 'pdf', 'informefdp.exe.pdf'],
    ['', 'png', 'documento.png'],
    [undefined, 'webp', 'documento.webp'],
    ['...', 'pdf', 'documento.pdf'],
    ['.bashrc', 'pdf', 'bashrc.pdf'],
  ] as const)('%j as %s → %j', (original, type, expected) => {
    expect(displayFileName(original, type)).toBe(expected);
  });

  it('caps the name at 120 characters, keeping the extension', () => {
    const name = displayFileName(`${'ñ'.repeat(300)}.pdf`, 'pdf');
    expect([...name]).toHaveLength(120);
    expect(name.endsWith('ñ.pdf')).toBe(true);
  });
});
