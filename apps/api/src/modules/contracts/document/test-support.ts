import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ContractDocumentData } from './types';

/** Test helpers of the contract's document: sample data and poppler's tools (pdftotext, pdfsig). */

const run = promisify(execFile);

/** A poppler tool's path, or a clear failure: CI installs poppler-utils (.ci/run). */
export function poppler(tool: 'pdftotext' | 'pdfsig'): string {
  const file = `/usr/bin/${tool}`;
  if (!fs.existsSync(file)) {
    throw new Error(
      `${file} is missing: install Debian's poppler-utils (apt-get install poppler-utils) to check contract PDFs`,
    );
  }
  return file;
}

export async function withTempFile<T>(bytes: Uint8Array, use: (file: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-contract-'));
  const file = path.join(dir, 'contrato.pdf');
  try {
    fs.writeFileSync(file, bytes);
    return await use(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text in reading order, its lines' spaces collapsed (pdftotext). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const tool = poppler('pdftotext');
  return withTempFile(bytes, async (file) => {
    const { stdout } = await run(tool, ['-enc', 'UTF-8', file, '-']);
    return stdout.replace(/[ \t]+/g, ' ');
  });
}

/** pdfsig's report; its exit status is not an answer (it is 0 for an invalid signature too). */
export async function pdfsig(bytes: Uint8Array): Promise<string> {
  const tool = poppler('pdfsig');
  return withTempFile(bytes, async (file) => {
    const result = await run(tool, [file]).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }));
    return `${result.stdout}\n${result.stderr}`;
  });
}

export const owner = {
  fullName: 'María José Núñez Peña',
  nif: '12345678Z',
  address: 'Calle de Alcalá 12, 3.º B, 28014 Madrid',
  email: 'maria.nunez@example.com',
  phone: '+34612345678',
};

export const tenant = {
  fullName: 'Joan Güell i Ibáñez',
  nif: 'X1234567L',
  address: 'Carrer de Mallorca 401, 08013 Barcelona',
  email: null,
  phone: '+34698765432',
};

export function sampleData(
  kind: ContractDocumentData['kind'],
  extra: Partial<ContractDocumentData> = {},
): ContractDocumentData {
  const sale = kind === 'sale';
  return {
    contractId: 'CTR-2026-000123',
    kind,
    place: 'Madrid',
    issuedOn: '2026-11-27',
    owner,
    tenant,
    property: {
      address: 'Calle de Embajadores 45, 2.º izquierda',
      municipality: 'Madrid',
      province: 'Madrid',
      postalCode: '28012',
      cadastralReference: sale || kind === 'rental' ? '9872023VH5797S0001WX' : null,
      surfaceM2: 74,
      rooms: 3,
      roomName: kind === 'room_rental' ? 'Habitación exterior con balcón' : null,
    },
    amount: sale ? 285_000 : kind === 'room_rental' ? 450 : 1_250,
    rental: sale
      ? null
      : {
          startDate: '2027-01-15',
          durationMonths: 12,
          depositMonths: kind === 'rental' ? 1 : 2,
          guaranteeMonths: kind === 'rental' ? 2 : 0,
          paymentDay: 5,
          paymentMethod: 'Transferencia bancaria',
          iban: 'ES9121000418450200051332',
          furnished: kind === 'rental',
          petsAllowed: kind === 'room_rental',
        },
    sale: sale
      ? {
          arrasTypeCode: 'ARS001',
          arrasAmount: 28_500,
          deedDeadline: '2027-03-31',
          paymentType: 'mortgage',
          mortgageAmount: 200_000,
          iban: 'ES7620770024003102575766',
        }
      : null,
    conditions: ['Subarriendo no permitido', 'Prohibido fumar en la vivienda'],
    inventoryPhotos: [],
    ...extra,
  };
}
