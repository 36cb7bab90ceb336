import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import forge from 'node-forge';
import { ConfigError } from '../../../config';
import { createOnce } from '../../../platform/create-once';
import type { ContractSigner } from './types';

/**
 * The platform's certificate that seals signed contracts (decision 023): the P12 of configuration
 * (CONTRACT_SIGNING_P12 in base64 and CONTRACT_SIGNING_PASSWORD; config.ts refuses production without
 * them) or, outside production, a self-signed one generated on the first start and kept in DATA_DIR so
 * every contract of a development machine is sealed by the same certificate.
 */

/** Where the generated development certificate is kept: one JSON file `{ p12, password }`, mode 0600. */
export const generatedSignerPath = (dataDir: string): string => path.join(dataDir, 'contract-signer.json');

export const developmentSubject = {
  commonName: 'Casaoferta (desarrollo)',
  organizationName: 'Casaoferta',
  countryName: 'ES',
} as const;

const TEN_YEARS_MS = 10 * 365.25 * 24 * 3600_000;

/** PKCS#12 bag types (RFC 7292). */
const BAG = {
  key: '1.2.840.113549.1.12.10.1.1',
  shroudedKey: '1.2.840.113549.1.12.10.1.2',
  certificate: '1.2.840.113549.1.12.10.1.3',
} as const;

interface LoadedP12 {
  key: forge.pki.rsa.PrivateKey;
  /** The certificate of the private key first, then the rest of the chain. */
  chain: forge.pki.Certificate[];
}

/** The signing key and its certificates from a P12; throws when it has no RSA key matching a certificate. */
export function loadP12(p12: Buffer, password: string): LoadedP12 {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  const store = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  const bags = (type: string): forge.pkcs12.Bag[] => store.getBags({ bagType: type })[type] ?? [];
  const keyBags = [...bags(BAG.shroudedKey), ...bags(BAG.key)];
  const certificates = bags(BAG.certificate)
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => cert !== undefined);
  const key = keyBags[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key || typeof key.n !== 'object') throw new Error('the P12 has no RSA private key');
  const own = certificates.find((cert) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return typeof publicKey.n === 'object' && publicKey.n.equals(key.n) && publicKey.e.equals(key.e);
  });
  if (!own) throw new Error('the P12 has no certificate of its private key');
  return { key, chain: [own, ...certificates.filter((cert) => cert !== own)] };
}

/** A certificate's subject as readers show it: "CN=Casaoferta (desarrollo), O=Casaoferta, C=ES". */
export function subjectText(cert: forge.pki.Certificate): string {
  return cert.subject.attributes
    .map(
      (attribute) => `${attribute.shortName ?? attribute.name ?? attribute.type}=${String(attribute.value)}`,
    )
    .join(', ');
}

/** A self-signed certificate (RSA 2048, SHA-256, ten years) for development and tests, as a P12. */
export function generateDevelopmentP12(password: string, now = new Date()): Buffer {
  // Node's native generator: node-forge's pure-JavaScript one takes seconds.
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  // A positive serial: the first byte's high bit clear.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 3600_000);
  cert.validity.notAfter = new Date(now.getTime() + TEN_YEARS_MS);
  const attributes = [
    { name: 'commonName', value: developmentSubject.commonName },
    { name: 'organizationName', value: developmentSubject.organizationName },
    { name: 'countryName', value: developmentSubject.countryName },
  ];
  cert.setSubject(attributes);
  cert.setIssuer(attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, {
    algorithm: '3des',
    friendlyName: developmentSubject.commonName,
  });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

function signerOf(p12: Buffer, password: string, source: string): ContractSigner {
  let loaded: LoadedP12;
  try {
    loaded = loadP12(p12, password);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(
      `Configuración no válida:\n  CONTRACT_SIGNING_P12: ${source} no se puede abrir con CONTRACT_SIGNING_PASSWORD o no tiene una clave RSA con su certificado (${reason}).`,
    );
  }
  const [own] = loaded.chain;
  if (!own) throw new ConfigError('CONTRACT_SIGNING_P12: sin certificado');
  return { p12, password, subject: subjectText(own) };
}

async function readGenerated(file: string): Promise<ContractSigner | null> {
  const text = await fs.readFile(file, 'utf8').catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  });
  if (text === null) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    stored = null;
  }
  const { p12, password } = (stored ?? {}) as { p12?: unknown; password?: unknown };
  if (typeof p12 !== 'string' || typeof password !== 'string') {
    throw new ConfigError(
      `Configuración no válida:\n  CONTRACT_SIGNING_P12: el archivo ${file} no contiene el certificado de desarrollo. Bórralo para generar otro.`,
    );
  }
  return signerOf(Buffer.from(p12, 'base64'), password, `el archivo ${file}`);
}

/**
 * The certificate contracts are sealed with: the configured P12 when given (always in production), else
 * the development one kept in `dataDir`, generated once. Two processes starting together agree on one
 * (the file is linked into place whole, or not at all).
 */
export async function contractSigner(options: {
  p12Base64?: string | undefined;
  p12Password?: string | undefined;
  dataDir: string;
  production: boolean;
}): Promise<ContractSigner> {
  if (options.p12Base64) {
    return signerOf(Buffer.from(options.p12Base64, 'base64'), options.p12Password ?? '', 'el certificado');
  }
  if (options.production) {
    throw new ConfigError(
      'Configuración no válida:\n  CONTRACT_SIGNING_P12: en producción hace falta el certificado que sella los contratos.',
    );
  }
  const file = generatedSignerPath(options.dataDir);
  await fs.mkdir(options.dataDir, { recursive: true });
  const existing = await readGenerated(file);
  if (existing) return existing;
  const password = randomBytes(18).toString('base64');
  const p12 = generateDevelopmentP12(password);
  await createOnce(file, `${JSON.stringify({ p12: p12.toString('base64'), password })}\n`);
  const created = await readGenerated(file);
  if (!created) throw new ConfigError(`No se ha podido crear el certificado de los contratos en ${file}`);
  return created;
}
