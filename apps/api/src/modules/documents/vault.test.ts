import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config';
import { localStore } from '../../platform/storage/local';
import { documentPath, documentsRoot } from './files';
import {
  generatedKeyPath,
  HEADER_BYTES,
  openVault,
  openVerified,
  resolveDocumentsKey,
  StoredDocumentUnreadable,
  writeEncrypted,
  type DocumentVault,
} from './vault';
import { createHash } from 'node:crypto';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-vault-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('the documents key', () => {
  it('is DOCUMENTS_KEY when configured (nothing written to the data dir)', async () => {
    const dataDir = tempDir();
    const key = randomBytes(32);
    expect((await resolveDocumentsKey({ documentsKey: key, dataDir })).equals(key)).toBe(true);
    expect(fs.existsSync(generatedKeyPath(dataDir))).toBe(false);
  });

  it('is generated once outside production, kept with mode 0600, and the same after a restart', async () => {
    const dataDir = tempDir();
    const starts = await Promise.all(
      [1, 2, 3].map(() => resolveDocumentsKey({ documentsKey: null, dataDir })),
    );
    const [first] = starts;
    expect(first?.length).toBe(32);
    for (const key of starts) expect(key.equals(first ?? Buffer.alloc(0))).toBe(true);
    expect(fs.statSync(generatedKeyPath(dataDir)).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataDir)).toEqual(['documents.key']);
    const restarted = await resolveDocumentsKey({ documentsKey: null, dataDir });
    expect(restarted.equals(first ?? Buffer.alloc(0))).toBe(true);
  });

  it('refuses a damaged key file, naming DOCUMENTS_KEY', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(generatedKeyPath(dataDir), 'no es una clave\n');
    await expect(resolveDocumentsKey({ documentsKey: null, dataDir })).rejects.toThrow(ConfigError);
    await expect(resolveDocumentsKey({ documentsKey: null, dataDir })).rejects.toThrow(/DOCUMENTS_KEY/);
  });
});

/** A vault on the local store of `dataDir`. */
const vaultIn = (dataDir: string, key: Buffer) =>
  openVault({ documentsKey: key, dataDir }, localStore(dataDir));
/** The local folder of a vault's files. */
const rootOf = (vault: DocumentVault) => documentsRoot(vault.store.location);

describe('encrypted files', () => {
  it('round-trip, with a fresh IV each time and no temporary file left', async () => {
    const vault = await vaultIn(tempDir(), randomBytes(32));
    const plain = Buffer.from('contrato de trabajo indefinido '.repeat(50_000));
    await writeEncrypted(vault, 'a', plain);
    await writeEncrypted(vault, 'b', plain);
    const a = fs.readFileSync(documentPath(rootOf(vault), 'a'));
    const b = fs.readFileSync(documentPath(rootOf(vault), 'b'));
    expect(a.length).toBe(plain.length + HEADER_BYTES);
    expect(a.subarray(6, 18).equals(b.subarray(6, 18))).toBe(false);
    expect(a.includes(Buffer.from('contrato'))).toBe(false);
    expect(fs.readdirSync(rootOf(vault)).sort()).toEqual(['a.enc', 'b.enc']);
    const opened = await openVerified(vault, 'a', sha256(plain));
    expect(await text(opened.stream())).toBe(plain.toString());
  });

  it.each([
    [
      'a flipped byte',
      (vaultRoot: string) => {
        const file = documentPath(vaultRoot, 'x');
        const bytes = fs.readFileSync(file);
        bytes.writeUInt8(bytes.readUInt8(HEADER_BYTES + 3) ^ 0x80, HEADER_BYTES + 3);
        fs.writeFileSync(file, bytes);
      },
    ],
    [
      'a cut file',
      (vaultRoot: string) => {
        const file = documentPath(vaultRoot, 'x');
        fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 40));
      },
    ],
    [
      'another row’s file under its name',
      (vaultRoot: string) => {
        fs.copyFileSync(documentPath(vaultRoot, 'y'), documentPath(vaultRoot, 'x'));
      },
    ],
    ['a missing file', (vaultRoot: string) => fs.rmSync(documentPath(vaultRoot, 'x'))],
  ])('refuses %s before sending anything', async (_what, damage) => {
    const vault = await vaultIn(tempDir(), randomBytes(32));
    const plain = Buffer.from('DNI 12345678Z');
    await writeEncrypted(vault, 'x', plain);
    await writeEncrypted(vault, 'y', plain);
    damage(rootOf(vault));
    await expect(openVerified(vault, 'x', sha256(plain))).rejects.toThrow(StoredDocumentUnreadable);
  });

  it('cannot be read with another key', async () => {
    const dataDir = tempDir();
    const vault = await vaultIn(dataDir, randomBytes(32));
    const plain = Buffer.from('extracto bancario');
    await writeEncrypted(vault, 'z', plain);
    const other = { ...vault, key: randomBytes(32) };
    await expect(openVerified(other, 'z', sha256(plain))).rejects.toThrow(/authentication failed/);
  });
});
