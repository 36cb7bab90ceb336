import { createHash, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFObject,
} from 'pdf-lib';
import yauzl from 'yauzl';
import type { DocumentKindCode } from '@casaoferta/domain/codes';
import { Permission } from '@casaoferta/domain/permissions';
import type { Db } from '../../db/client';
import { ensureRoles, createUser } from '../../db/factories';
import { permissions, rolePermissions, roles, tenantDocuments, userRoles } from '../../db/schema/index';
import { createSession } from '../../platform/auth';
import { testConfig } from '../../test/helpers';
import { openVault, writeEncrypted, type DocumentVault } from '../documents/vault';
import { localStore } from '../../platform/storage/local';

/** The vault of a test app's data dir (the key file the app made on start). */
export const vaultOf = (dataDir: string): Promise<DocumentVault> =>
  openVault(testConfig({ DATA_DIR: dataDir }), localStore(dataDir));

/** Stores a document of `tenantId` (or of their person) straight into the vault and its table. */
export async function storeDocument(
  db: Db,
  vault: DocumentVault,
  tenantId: string,
  document: { bytes: Buffer; fileName: string; kindCode?: DocumentKindCode; personId?: string | null },
) {
  const storageKey = randomUUID();
  await writeEncrypted(vault, storageKey, document.bytes);
  const [row] = await db
    .insert(tenantDocuments)
    .values({
      id: randomUUID(),
      tenantId,
      personId: document.personId ?? null,
      kindCode: document.kindCode ?? 'TDK002',
      fileName: document.fileName,
      contentType: 'application/pdf',
      size: document.bytes.length,
      storageKey,
      sha256: createHash('sha256').update(document.bytes).digest('hex'),
    })
    .returning();
  if (!row) throw new Error('storeDocument: no row');
  return row;
}

/**
 * An agent whose only role grants searching properties, not downloading documents (both product roles
 * hold `documents.download`, so this role exists only in the test's database).
 */
export async function agentWithoutDownloads(db: Db) {
  await ensureRoles(db);
  const roleName = `prueba-sin-descargas-${randomUUID().slice(0, 8)}`;
  const [role] = await db.insert(roles).values({ name: roleName }).returning();
  const [permission] = await db
    .select()
    .from(permissions)
    .where(eq(permissions.name, Permission.SearchProperties));
  if (!role || !permission) throw new Error('agentWithoutDownloads: no role');
  await db.insert(rolePermissions).values({ roleId: role.id, permissionId: permission.id });
  const user = await createUser(db, {
    phoneNumber: null,
    email: `sin-descargas-${randomUUID().slice(0, 8)}@casaoferta.test`,
  });
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  const { token } = await createSession(db, { userId: user.id, kind: 'agent' });
  return { user, token };
}

export interface ZipEntryRead {
  name: string;
  data: Buffer;
  /** Whether the entry says its name is UTF-8 (general purpose bit 11). */
  utf8: boolean;
}

/** Every entry of a zip, read with yauzl (which refuses absolute and `..` paths by itself). */
export function readZip(buffer: Buffer): Promise<ZipEntryRead[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: ZipEntryRead[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({
              name: entry.fileName,
              data: Buffer.concat(chunks),
              utf8: (entry.generalPurposeBitFlag & 0x800) !== 0,
            });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/**
 * A font's ToUnicode map: pdf-lib writes one `<glyph> <UTF-16BE>` line per glyph (beginbfchar).
 */
function toUnicode(doc: PDFDocument, font: PDFDict): Map<string, string> {
  const map = new Map<string, string>();
  const stream = doc.context.lookup(font.get(PDFName.of('ToUnicode')));
  if (!(stream instanceof PDFRawStream)) return map;
  const cmap = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
  for (const [, glyph = '', utf16 = ''] of cmap.matchAll(/<([0-9A-Fa-f]+)> <([0-9A-Fa-f]+)>/g)) {
    map.set(glyph.toLowerCase(), Buffer.from(utf16, 'hex').swap16().toString('utf16le'));
  }
  return map;
}

/**
 * The text of a PDF the reports wrote (pdf-lib, embedded fonts): each page's content streams inflated
 * and every `<hex> Tj` decoded glyph by glyph through its font's ToUnicode map, text runs joined by
 * spaces in drawing order (a wrapped line reads whole).
 */
export async function reportText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const fonts = new Map<string, Map<string, string>>();
    const resources = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of resources?.entries() ?? []) {
      const font = doc.context.lookup(ref);
      if (font instanceof PDFDict) fonts.set(name.asString(), toUnicode(doc, font));
    }
    const contents = page.node.Contents();
    const parts: (PDFObject | undefined)[] =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    let font = new Map<string, string>();
    for (const part of parts) {
      if (!(part instanceof PDFRawStream)) continue;
      const content = Buffer.from(decodePDFRawStream(part).decode()).toString('latin1');
      for (const match of content.matchAll(/(\/\S+) [\d.]+ Tf|<([0-9A-Fa-f]*)> Tj/g)) {
        const [, fontName, hex] = match;
        if (fontName) {
          font = fonts.get(fontName) ?? new Map<string, string>();
          continue;
        }
        const glyphs = (hex ?? '').toLowerCase().match(/.{4}/g) ?? [];
        lines.push(glyphs.map((glyph) => font.get(glyph) ?? '\ufffd').join(''));
      }
    }
  }
  return lines.join(' ');
}

/** `pdftotext` of poppler-utils, when the machine has it (null otherwise). */
export function pdftotext(bytes: Uint8Array): string | null {
  const probe = spawnSync('pdftotext', ['-v'], { encoding: 'utf8' });
  if (probe.error) return null;
  const file = path.join(os.tmpdir(), `informe-${randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    const result = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    return result.status === 0 ? result.stdout : null;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** `unzip -t` (Info-ZIP) on a zip, when the machine has it: its exit status (0: every entry tests OK). */
export function unzipTest(buffer: Buffer): number | null {
  const probe = spawnSync('unzip', ['-v'], { encoding: 'utf8' });
  if (probe.error) return null;
  const file = path.join(os.tmpdir(), `documentos-${randomUUID()}.zip`);
  fs.writeFileSync(file, buffer);
  try {
    return spawnSync('unzip', ['-t', '-qq', file], { encoding: 'utf8' }).status;
  } finally {
    fs.rmSync(file, { force: true });
  }
}
