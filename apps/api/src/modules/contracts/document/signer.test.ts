import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../config';
import { contractSigner, generateDevelopmentP12, generatedSignerPath, loadP12 } from './signer';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-signer-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('the contracts certificate', () => {
  it('is generated once outside production (self-signed, RSA 2048, ten years), kept 0600, reused on restart', async () => {
    const dataDir = tempDir();
    const starts = await Promise.all([1, 2, 3].map(() => contractSigner({ dataDir, production: false })));
    const [first] = starts;
    if (!first) throw new Error('no signer');
    for (const other of starts) expect(other.p12.equals(first.p12)).toBe(true);
    expect(first.subject).toBe('CN=Casaoferta (desarrollo), O=Casaoferta, C=ES');
    const file = generatedSignerPath(dataDir);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataDir)).toEqual([path.basename(file)]);

    const restarted = await contractSigner({ dataDir, production: false });
    expect(restarted.p12.equals(first.p12)).toBe(true);
    expect(restarted.password).toBe(first.password);

    const { key, chain } = loadP12(first.p12, first.password);
    const [cert] = chain;
    expect(key.n.bitLength()).toBe(2048);
    expect(cert?.issuer.hash).toBe(cert?.subject.hash);
    const years =
      ((cert?.validity.notAfter.getTime() ?? 0) - (cert?.validity.notBefore.getTime() ?? 0)) /
      (365.25 * 86400_000);
    expect(Math.round(years)).toBe(10);
  });

  it('is the configured P12 when given, and nothing is written', async () => {
    const dataDir = tempDir();
    const p12 = generateDevelopmentP12('clave-secreta');
    const signer = await contractSigner({
      p12Base64: p12.toString('base64'),
      p12Password: 'clave-secreta',
      dataDir,
      production: true,
    });
    expect(signer.p12.equals(p12)).toBe(true);
    expect(signer.password).toBe('clave-secreta');
    expect(signer.subject).toContain('CN=Casaoferta (desarrollo)');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('refuses production without one, a wrong password, and a damaged kept file, naming the setting', async () => {
    const dataDir = tempDir();
    await expect(contractSigner({ dataDir, production: true })).rejects.toThrow(ConfigError);
    await expect(contractSigner({ dataDir, production: true })).rejects.toThrow(/CONTRACT_SIGNING_P12/);
    expect(fs.existsSync(generatedSignerPath(dataDir))).toBe(false);

    const p12 = generateDevelopmentP12('buena').toString('base64');
    await expect(
      contractSigner({ p12Base64: p12, p12Password: 'mala', dataDir, production: true }),
    ).rejects.toThrow(/CONTRACT_SIGNING_PASSWORD/);

    fs.writeFileSync(generatedSignerPath(dataDir), 'not json');
    await expect(contractSigner({ dataDir, production: false })).rejects.toThrow(/Bórralo para generar otro/);
  });
});
