import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderContractPdf } from './render';
import { sealContract, sha256Hex } from './seal';
import { contractSigner } from './signer';
import { owner, pdfsig, pdfText, sampleData, tenant } from './test-support';
import type { ContractSigner, SignatureRecord } from './types';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-seal-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

let signer: ContractSigner;
let unsigned: Uint8Array;
let sha256: string;
let sealed: Uint8Array;

const signatures: SignatureRecord[] = [
  // The tenant first: the page lists the owner first all the same.
  {
    party: 'tenant',
    fullName: tenant.fullName,
    nif: tenant.nif,
    signedAt: new Date('2026-11-27T17:45:10Z'),
    ip: '2001:db8::7',
  },
  {
    party: 'owner',
    fullName: owner.fullName,
    nif: owner.nif,
    signedAt: new Date('2026-07-01T08:05:00Z'),
    ip: '203.0.113.24',
  },
];

beforeAll(async () => {
  signer = await contractSigner({ dataDir, production: false });
  unsigned = await renderContractPdf(sampleData('rental'));
  sha256 = sha256Hex(unsigned);
  sealed = await sealContract({ unsigned, sha256, contractId: 'CTR-2026-000123', signatures }, signer);
});

/** pdfsig's answer about the document's only signature. */
async function verify(bytes: Uint8Array) {
  const report = await pdfsig(bytes);
  return {
    report,
    valid: report.includes('Signature Validation: Signature is Valid.'),
    whole: report.includes('Total document signed'),
  };
}

describe('the sealed contract', () => {
  it('carries a PAdES (ETSI.CAdES.detached) signature that pdfsig finds valid over the whole document', async () => {
    const { report, valid, whole } = await verify(sealed);
    expect(report).toContain('Signature #1');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signer Certificate Common Name: Casaoferta (desarrollo)');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
    expect(valid, report).toBe(true);
    expect(whole, report).toBe(true);
    // Self-signed in development: the certificate is not trusted, which says nothing of the document.
    expect(report).toMatch(/Certificate Validation: /);
  });

  it('seals a contract between parties named in other scripts, names read back and signature valid', async () => {
    const data = sampleData('rental');
    data.owner = { ...data.owner, fullName: 'Сергей Иванов' };
    data.tenant = { ...data.tenant, fullName: 'Ioana Ștefănescu' };
    const document = await renderContractPdf(data);
    const names = signatures.map((signature) => ({
      ...signature,
      fullName: signature.party === 'owner' ? data.owner.fullName : data.tenant.fullName,
    }));
    const hash = sha256Hex(document);
    const result = await sealContract(
      { unsigned: document, sha256: hash, contractId: 'CTR-2026-000124', signatures: names },
      signer,
    );
    const { report, valid, whole } = await verify(result);
    expect(valid, report).toBe(true);
    expect(whole, report).toBe(true);
    const text = (await pdfText(result)).replace(/\s+/g, ' ');
    const page = text.slice(text.indexOf('HOJA DE FIRMAS'));
    expect(page).toContain('Nombre Сергей Иванов');
    expect(page).toContain('Nombre Ioana Ștefănescu');
    expect(page.split(hash).length - 1).toBe(3);
  });

  it('holds the signature page: names, NIFs, times in Madrid, IPs and the SHA-256 signed', async () => {
    const text = (await pdfText(sealed)).replace(/\s+/g, ' ');
    expect(text).toContain('HOJA DE FIRMAS');
    for (const signature of signatures) {
      expect(text).toContain(signature.fullName);
      expect(text).toContain(signature.nif);
      expect(text).toContain(signature.ip);
    }
    // Summer and winter time in Madrid.
    expect(text).toContain('1 de julio de 2026 a las 10:05:00 CEST');
    expect(text).toContain('27 de noviembre de 2026 a las 18:45:10 CET');
    expect(text.split(sha256).length - 1).toBeGreaterThanOrEqual(3);
    expect(text).toContain('CN=Casaoferta (desarrollo), O=Casaoferta, C=ES');
    expect(text.indexOf('Parte propietaria')).toBeLessThan(text.indexOf('Parte arrendataria o compradora'));
    // The contract itself is still there, before the page.
    expect(text.indexOf('CONTRATO DE ARRENDAMIENTO DE VIVIENDA')).toBeLessThan(
      text.indexOf('HOJA DE FIRMAS'),
    );
    expect(text).toContain('Página 1 de 3');
  });

  it('no longer verifies once one byte inside the signed range is altered', async () => {
    const text = Buffer.from(sealed).toString('latin1');
    const contents = text.indexOf('/Contents <');
    const reason = text.indexOf('Sellado del contrato', contents);
    expect(contents).toBeGreaterThan(0);
    expect(reason).toBeGreaterThan(contents);
    const changes = [
      // A byte of the first page's content stream (before the signature), the file still readable.
      { position: text.indexOf('stream\n') + 20, digest: true },
      // A letter of the signature dictionary's reason (after the signature's own bytes).
      { position: reason + 3, digest: true },
      // A byte of the cross-reference table at the end: the file itself is broken.
      { position: sealed.length - 40, digest: false },
    ];
    for (const { position, digest } of changes) {
      const altered = Uint8Array.from(sealed);
      altered[position] = (altered[position] ?? 0) ^ 0x01;
      const { report, valid } = await verify(altered);
      expect(valid, `byte ${position}: ${report}`).toBe(false);
      if (digest) expect(report, `byte ${position}`).toContain('Signature Validation: Digest Mismatch.');
    }
  });

  it('refuses to seal a document other than the one signed', async () => {
    await expect(
      sealContract({ unsigned, sha256: '0'.repeat(64), contractId: 'CTR-2026-000123', signatures }, signer),
    ).rejects.toThrow(/not the one signed/);
  });
});
