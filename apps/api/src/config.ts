import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { trustProxySetting } from './platform/trust-proxy';
import { deliveryProblems, deliverySettingsShape } from './platform/delivery-settings';
import { redsysKeyBytes } from './platform/payments/redsys-signature';
import { isValidTaxId } from '@casaoferta/domain/rules/invoice';
import { repoRoot } from './runtime-paths';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());

/** PostgreSQL pool defaults (also of `openPostgres` for the command-line tools). */
export const databaseDefaults = {
  // 10 measured 5–8 % more cache-miss searches than 20 on two cores (docs/PERFORMANCE.md).
  poolSize: 10,
  connectTimeoutMs: 5_000,
  // Longer than any query of a request should take; a stuck one frees its connection.
  statementTimeoutMs: 15_000,
} as const;

/**
 * Every environment variable the API reads, parsed once. README's configuration table mirrors this.
 * Paths are relative to the repository root.
 */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  // Loopback: `npm start` on a fresh machine is a local demo. A deployment names its interface.
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'debe empezar por postgres:// o postgresql://')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(databaseDefaults.poolSize),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(databaseDefaults.connectTimeoutMs),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(databaseDefaults.statementTimeoutMs),
  PUBLIC_URL: optionalUrl,
  WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
  INE_DIR: z.string().min(1).default('apps/api/data/ine'),
  PHOTOS_DIR: z.string().min(1).default('apps/api/data/photos'),
  SEED_DEMO: z.enum(['auto', 'on', 'never']).default('auto'),
  DEV_TOOLS: z.enum(['auto', 'on', 'off']).default('auto'),
  // The secret the development outbox asks for (a test launcher's choice); random on every start when unset.
  DEV_TOOLS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{32,128}$/,
        'de 32 a 128 letras, cifras, - o _ (o vacío: uno al azar en cada arranque)',
      )
      .optional(),
  ),
  API_DOCS: z.enum(['auto', 'on', 'off']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // A hop count or the proxies' addresses; `true` is refused (platform/trust-proxy.ts).
  TRUST_PROXY: trustProxySetting,
  SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  // Live streams (server-sent events) this process keeps open: per client address, per signed-in user
  // and in all; past a cap a new stream is refused with 503 + Retry-After (modules/offers/live-routes.ts).
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(32),
  LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(10),
  LIVE_STREAMS_TOTAL: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  // Operations (issue 25 point 6, decision 034): GET /api/metrics answers only this bearer token (unset:
  // no metrics); SIGTERM gives the requests in flight this long before the process closes anyway.
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{32,128}$/,
        'de 32 a 128 letras, cifras, - o _ (genera uno con: openssl rand -hex 32)',
      )
      .optional(),
  ),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  SUPPORT_WHATSAPP: z
    .string()
    .regex(/^\d{8,15}$/, 'número internacional sin +, solo dígitos')
    .default('34910000000'),
  // SMS_PROVIDER, EMAIL_PROVIDER, WHATSAPP_PROVIDER and their settings (SMTP_*, TWILIO_*, WHATSAPP_*).
  ...deliverySettingsShape,
  // Payment per announcement (issue 13, docs/decisions/021-payments.md): the built-in sandbox (test
  // cards, no money) or Stripe with its keys. Prices per kind in whole euros, VAT (21 %) included.
  // Unset: the sandbox outside production; production names its provider (the sandbox only on purpose).
  PAYMENT_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['sandbox', 'stripe', 'redsys']).optional()),
  STRIPE_SECRET_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'debe ser una clave secreta de Stripe (sk_test_… o sk_live_…)')
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^pk_(test|live)_\w+$/, 'debe ser una clave publicable de Stripe (pk_test_… o pk_live_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^whsec_\w+$/, 'debe ser el secreto de firma del webhook de Stripe (whsec_…)')
      .optional(),
  ),
  // Redsys (issue 28, decision 033): the merchant's code (FUC, 9 digits), terminal, secret key (SHA-256,
  // base64 of 24 bytes) and the gateway (the test gateway by default; https://sis.redsys.net for real).
  REDSYS_MERCHANT_CODE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{9}$/, 'debe ser el código de comercio (FUC) de Redsys: 9 dígitos')
      .optional(),
  ),
  REDSYS_TERMINAL: z
    .string()
    .regex(/^\d{1,3}$/, 'debe ser el número de terminal de Redsys: 1 a 3 dígitos')
    .default('1'),
  REDSYS_SECRET_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => redsysKeyBytes(value) !== null, {
        message: 'debe ser la clave secreta (SHA-256) del comercio en Redsys: 24 bytes en base64',
      })
      .optional(),
  ),
  REDSYS_GATEWAY_URL: z
    .url({ protocol: /^https?$/, message: 'debe ser la dirección de la pasarela de Redsys (https://…)' })
    .transform((value) => value.replace(/\/+$/, ''))
    .default('https://sis-t.redsys.es:25443'),
  REDSYS_MERCHANT_NAME: z.string().trim().min(1).max(25).default('Casaoferta'),
  // The seller on every invoice (issue 28): required in production; a local start prints demo data.
  INVOICE_SELLER_NAME: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(200).optional()),
  INVOICE_SELLER_NIF: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => isValidTaxId(value), { message: 'debe ser un NIF válido (empresa, DNI o NIE)' })
      .optional(),
  ),
  INVOICE_SELLER_ADDRESS: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(300).optional()),
  PAYMENT_PRICE_SALE_EUR: z.coerce.number().int().min(1).max(10_000).default(149),
  PAYMENT_PRICE_RENTAL_EUR: z.coerce.number().int().min(1).max(10_000).default(49),
  PAYMENT_PRICE_ROOM_EUR: z.coerce.number().int().min(1).max(10_000).default(29),
  // The key of tenants' documents at rest (AES-256-GCM): 32 random bytes in base64. Required in
  // production; elsewhere, when unset, one is generated once in DATA_DIR (modules/documents/vault.ts).
  DOCUMENTS_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => parseDocumentsKey(value) !== null, {
        message: 'debe ser una clave de 32 bytes en base64 (genera una con: openssl rand -base64 32)',
      })
      .optional(),
  ),
  // The platform's certificate that seals signed contracts (decision 023): a PKCS#12 file in base64 and
  // its password. Required in production; elsewhere, when unset, a self-signed one is generated once in
  // DATA_DIR (modules/contracts/document/signer.ts).
  CONTRACT_SIGNING_P12: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => isBase64(value), {
        message:
          'debe ser un archivo PKCS#12 (.p12) en base64 (genera el texto con: base64 -w0 certificado.p12)',
      })
      .optional(),
  ),
  CONTRACT_SIGNING_PASSWORD: z.string().optional(),
  // Where files live (issue 25 point 3, decision 035): `local`, the disk under DATA_DIR (one process,
  // the embedded default), or `s3`, an S3-compatible bucket every process shares.
  STORAGE: z.enum(['local', 's3']).default('local'),
  // Production on PostgreSQL may run several processes: a local store there is refused unless DATA_DIR
  // is one volume every process shares (or only one process runs), said so with STORAGE_LOCAL_SHARED=on.
  STORAGE_LOCAL_SHARED: z.enum(['on', 'off']).default('off'),
  S3_BUCKET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'debe ser el nombre de un bucket (minúsculas, cifras, - y .)',
      )
      .optional(),
  ),
  S3_REGION: z.string().min(1).default('us-east-1'),
  // A server other than AWS (MinIO, Ceph, R2…): its address.
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  // Path-style addresses (http://host/bucket/key), which most servers other than AWS need.
  S3_FORCE_PATH_STYLE: z.enum(['on', 'off']).default('off'),
  // A folder inside the bucket for every key (to share a bucket), e.g. `casaoferta/`.
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_-][A-Za-z0-9._-]*\/)*$/, 'debe ser una carpeta terminada en / (o vacío)')
    .default(''),
});

/** Standard base64 of at least a few bytes, with its padding (spaces and line breaks allowed). */
function isBase64(text: string): boolean {
  const value = text.replace(/\s+/g, '');
  return value.length >= 16 && value.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(value);
}

/**
 * The 32 bytes of a documents key written in base64 (standard alphabet, with its padding), or null when
 * the text is not exactly that: a key cut short or padded would still decode to something.
 */
export function parseDocumentsKey(text: string): Buffer | null {
  const value = text.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return null;
  const key = Buffer.from(value, 'base64');
  return key.length === 32 && key.toString('base64') === value ? key : null;
}

type Settings = z.infer<typeof configSchema>;

export type PaymentProviderName = 'sandbox' | 'stripe' | 'redsys';

export type Config = Omit<Settings, 'DOCUMENTS_KEY' | 'DEV_TOOLS_TOKEN' | 'PAYMENT_PROVIDER'> & {
  PAYMENT_PROVIDER: PaymentProviderName;
  /** Where files live: platform/storage (decision 035). */
  storage: StorageSettings;
  /**
   * The key of tenants' documents from DOCUMENTS_KEY, or null outside production when unset (a key kept
   * in the data dir is used then: modules/documents/vault.ts). Never null in production.
   */
  documentsKey: Buffer | null;
  dataDir: string;
  webDistDir: string;
  ineDir: string;
  photosDir: string;
  /** The development tools (readable outbox, one-time codes in the log): see `developmentTools`. */
  devTools: boolean;
  /**
   * With the development tools, the secret the readable outbox asks for (printed in the start log only,
   * as Jupyter prints its token): a proxy that exposes a loopback start exposes no code. Else null.
   */
  devToolsToken: string | null;
  /**
   * Where every link in a message points: PUBLIC_URL (required in production), else this machine
   * (`http://localhost:PORT`, a local start). Never the request's Host or X-Forwarded-Host.
   */
  publicOrigin: string;
  /** The seller printed on invoices: INVOICE_SELLER_* (required in production), else demo data. */
  invoiceSeller: { name: string; nif: string; address: string };
  /** What the start log warns about at every start (the payment sandbox in production). */
  warnings: string[];
  /** The OpenAPI page at /api/docs. */
  apiDocs: boolean;
  /** The demo data, with its accounts and their published password: see `demoData`. */
  seedDemo: boolean;
};

export type StorageSettings =
  | { kind: 'local'; root: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
      prefix: string;
    };

export class ConfigError extends Error {}

/**
 * What the file store's settings lack or forbid, named (decision 035): a bucket for STORAGE=s3, both
 * halves of a key pair, the keys from configuration when files are shared (a key generated on one
 * process's disk would be another process's unknown key), and no private disk under several production
 * processes.
 */
export function storageProblems(c: Settings): string[] {
  const problems: string[] = [];
  if (c.STORAGE === 's3') {
    if (!c.S3_BUCKET)
      problems.push('S3_BUCKET: hace falta el bucket donde se guardan los archivos (STORAGE=s3).');
    if ((c.S3_ACCESS_KEY_ID === undefined) !== (c.S3_SECRET_ACCESS_KEY === undefined)) {
      problems.push(
        'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: van juntas (o ninguna, para usar las credenciales del entorno).',
      );
    }
    if (!c.DOCUMENTS_KEY) {
      problems.push(
        'DOCUMENTS_KEY: con STORAGE=s3 la clave que cifra los documentos viene de la configuración (32 bytes en base64; genera una con: openssl rand -base64 32): todos los procesos deben usar la misma, y una generada en el disco de uno no la conocen los demás.',
      );
    }
    if (!c.CONTRACT_SIGNING_P12) {
      problems.push(
        'CONTRACT_SIGNING_P12: con STORAGE=s3 el certificado que sella los contratos viene de la configuración (.p12 en base64, con CONTRACT_SIGNING_PASSWORD): todos los procesos deben sellar con el mismo. Para desarrollo, genera uno con: npm run storage:dev-certificate -w apps/api',
      );
    }
  } else if (c.NODE_ENV === 'production' && c.DATABASE_URL && c.STORAGE_LOCAL_SHARED !== 'on') {
    problems.push(
      'STORAGE: en producción con PostgreSQL pueden atender varios procesos, y los archivos en el disco de uno no los ven los demás. Usa STORAGE=s3 (con S3_BUCKET), o STORAGE_LOCAL_SHARED=on si DATA_DIR es un volumen que comparten todos los procesos o solo arranca uno.',
    );
  }
  return problems;
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);

type Exposure = Pick<Settings, 'NODE_ENV' | 'HOST' | 'PUBLIC_URL' | 'TRUST_PROXY'>;

/**
 * Why a configuration can be reached from a network (the first reason found), or null. A proxy in front
 * (TRUST_PROXY) is a network too, also on a loopback HOST: it forwards whoever reaches it.
 */
function networkExposure(c: Exposure): string | null {
  if (c.NODE_ENV === 'production') return 'NODE_ENV=production';
  return outsideReach(c);
}

/** What, besides production, lets others reach this process: a public interface, address or proxy. */
function outsideReach(c: Omit<Exposure, 'NODE_ENV'>): string | null {
  if (!isLoopback(c.HOST)) return `HOST=${c.HOST} no es la interfaz local`;
  if (c.PUBLIC_URL) return `PUBLIC_URL=${c.PUBLIC_URL}: la aplicación tiene una dirección pública`;
  if (c.TRUST_PROXY !== false) return 'TRUST_PROXY: hay un proxy delante que reenvía conexiones de la red';
  return null;
}

/**
 * The development tools (GET /api/dev/outbox, the one-time codes printed in the server log) exist only
 * where nobody else can reach them: outside production, on a loopback HOST, without a PUBLIC_URL.
 * `auto` decides so; `off` never has them; `on` in a configuration that can face a network refuses to
 * start, saying why (docs/decisions/010-no-dev-door.md).
 */
export function developmentTools(c: Exposure & Pick<Settings, 'DEV_TOOLS'>): boolean {
  if (c.DEV_TOOLS === 'off') return false;
  const exposure = networkExposure(c);
  if (exposure && c.DEV_TOOLS === 'on') {
    throw new ConfigError(
      `Configuración no válida:\n  DEV_TOOLS: las herramientas de desarrollo (buzón legible, códigos en el registro) solo se activan en un equipo local, y esta configuración puede recibir conexiones de la red (${exposure}). Quita DEV_TOOLS=on, o usa HOST=127.0.0.1 sin PUBLIC_URL fuera de producción.`,
    );
  }
  return exposure === null;
}

/**
 * The demo data (accounts with a password published in the README, a catalogue) on the first start of
 * an empty database: `auto` only on a local configuration, as the development tools; `on` also on a
 * network outside production (a shared demo); `never`. Production never has it: `on` there refuses to
 * start.
 */
export function demoData(c: Exposure & Pick<Settings, 'SEED_DEMO'>): boolean {
  if (c.SEED_DEMO === 'never') return false;
  if (c.NODE_ENV === 'production' && c.SEED_DEMO === 'on') {
    throw new ConfigError(
      'Configuración no válida:\n  SEED_DEMO: en producción no se crean las cuentas de demostración (su contraseña está publicada).',
    );
  }
  return c.SEED_DEMO === 'on' || networkExposure(c) === null;
}

/** /api/docs: on outside production unless API_DOCS=off; in production only with API_DOCS=on. */
export const apiDocumentation = (c: Pick<Settings, 'NODE_ENV' | 'API_DOCS'>): boolean =>
  c.API_DOCS === 'auto' ? c.NODE_ENV !== 'production' : c.API_DOCS === 'on';

/** The settings PAYMENT_PROVIDER=stripe or redsys needs and lacks, named. */
export function paymentProblems(
  c: Pick<
    Settings,
    | 'PAYMENT_PROVIDER'
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_PUBLISHABLE_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'REDSYS_MERCHANT_CODE'
    | 'REDSYS_SECRET_KEY'
  >,
): string[] {
  if (c.PAYMENT_PROVIDER === 'redsys') {
    const missing = (['REDSYS_MERCHANT_CODE', 'REDSYS_SECRET_KEY'] as const).filter(
      (key) => c[key] === undefined,
    );
    return missing.length > 0
      ? [`${missing.join(', ')}: ${missing.length > 1 ? 'hacen' : 'hace'} falta para PAYMENT_PROVIDER=redsys`]
      : [];
  }
  if (c.PAYMENT_PROVIDER !== 'stripe') return [];
  const absent = (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter(
    (key) => c[key] === undefined,
  );
  return absent.length > 0
    ? [`${absent.join(', ')}: ${absent.length > 1 ? 'hacen' : 'hace'} falta para PAYMENT_PROVIDER=stripe`]
    : [];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Configuración no válida:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const { DOCUMENTS_KEY: documentsKeyText, DEV_TOOLS_TOKEN: devToolsTokenText, ...settings } = c;
  // A start others can reach is a production start, with its keys and real providers; anything else is
  // a local one (decision 027).
  const reach = c.NODE_ENV === 'production' ? null : outsideReach(c);
  if (reach) {
    throw new ConfigError(
      `Configuración no válida:\n  Esta configuración puede recibir conexiones de la red (${reach}) y no es de producción: arranca con NODE_ENV=production (con PUBLIC_URL, las claves y los proveedores reales), o en local con HOST=127.0.0.1, sin PUBLIC_URL ni TRUST_PROXY.`,
    );
  }
  const warnings: string[] = [];
  if (c.NODE_ENV === 'production') {
    const problems: string[] = [];
    // Links in messages are built from it, never from the request's Host (decision 027).
    if (!c.PUBLIC_URL) {
      problems.push(
        'PUBLIC_URL: en producción hace falta la dirección pública de la aplicación (https://…): los enlaces de los mensajes se construyen con ella, nunca con la cabecera Host de la petición.',
      );
    }
    // Production delivers messages (ARCHITECTURE.md §4): providers and their settings, named.
    problems.push(...deliveryProblems(c));
    // Stripe without its keys would take no payment; the sandbox's test cards would unlock for free.
    problems.push(...paymentProblems(c));
    if (c.PAYMENT_PROVIDER === undefined) {
      problems.push(
        'PAYMENT_PROVIDER: en producción hace falta un proveedor de pagos real (stripe, con STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY y STRIPE_WEBHOOK_SECRET, o redsys, con REDSYS_MERCHANT_CODE y REDSYS_SECRET_KEY): con el sandbox, una tarjeta de prueba desbloquearía los anuncios sin cobrar. Para una demostración sin cobros, PAYMENT_PROVIDER=sandbox a propósito.',
      );
    } else if (c.PAYMENT_PROVIDER === 'redsys' && c.REDSYS_GATEWAY_URL.includes('sis-t.redsys.es')) {
      warnings.push(
        'REDSYS_GATEWAY_URL es la pasarela de pruebas de Redsys: no se cobra nada. Para cobrar de verdad, REDSYS_GATEWAY_URL=https://sis.redsys.net con la clave de producción del comercio.',
      );
    } else if (c.PAYMENT_PROVIDER === 'sandbox') {
      warnings.push(
        'PAYMENT_PROVIDER=sandbox en producción: las tarjetas de prueba desbloquean anuncios sin cobrar nada. Usa stripe para cobrar de verdad.',
      );
    }
    // Every payment issues an invoice: it must name the real seller.
    const seller = (['INVOICE_SELLER_NAME', 'INVOICE_SELLER_NIF', 'INVOICE_SELLER_ADDRESS'] as const).filter(
      (key) => c[key] === undefined,
    );
    if (seller.length > 0) {
      problems.push(
        `${seller.join(', ')}: en producción cada pago emite una factura, que debe llevar el nombre o razón social, el NIF y la dirección fiscal del vendedor.`,
      );
    }
    // Tenants' documents are encrypted with it; a generated key beside the data is for local use only.
    if (!documentsKeyText) {
      problems.push(
        'DOCUMENTS_KEY: en producción hace falta la clave que cifra los documentos de los inquilinos (32 bytes en base64; genera una con: openssl rand -base64 32). Guárdala aparte de los datos y de sus copias de seguridad: sin ella no se puede leer ningún documento.',
      );
    }
    // Signed contracts are sealed with it; a self-signed certificate is for local use only.
    if (!c.CONTRACT_SIGNING_P12) {
      problems.push(
        'CONTRACT_SIGNING_P12: en producción hace falta el certificado (.p12 en base64, con CONTRACT_SIGNING_PASSWORD) con el que la plataforma sella los contratos firmados.',
      );
    }
    if (problems.length > 0) {
      throw new ConfigError(`Configuración no válida:\n${problems.map((line) => `  ${line}`).join('\n')}`);
    }
  }
  const storage = storageProblems(c);
  if (storage.length > 0) {
    throw new ConfigError(`Configuración no válida:\n${storage.map((line) => `  ${line}`).join('\n')}`);
  }
  // Stripe chosen without its keys, named; anywhere (production included: it never starts so).
  const payment = paymentProblems(c);
  if (payment.length > 0) {
    throw new ConfigError(`Configuración no válida:\n${payment.map((line) => `  ${line}`).join('\n')}`);
  }
  // A provider chosen without its settings (the host, the sender, a key), named; anywhere.
  const delivery = c.NODE_ENV === 'production' ? [] : deliveryProblems(c);
  if (delivery.length > 0) {
    throw new ConfigError(`Configuración no válida:\n${delivery.map((line) => `  ${line}`).join('\n')}`);
  }
  const fromRoot = (p: string) => path.resolve(repoRoot, p);
  const devTools = developmentTools(c);
  return {
    ...settings,
    PAYMENT_PROVIDER: c.PAYMENT_PROVIDER ?? 'sandbox',
    invoiceSeller: {
      name: c.INVOICE_SELLER_NAME ?? 'Casaoferta Demo, S.L. (datos de demostración)',
      nif: c.INVOICE_SELLER_NIF ?? 'B00000000',
      address: c.INVOICE_SELLER_ADDRESS ?? 'Calle de Ejemplo 1, 28001 Madrid',
    },
    documentsKey: documentsKeyText ? parseDocumentsKey(documentsKeyText) : null,
    dataDir: fromRoot(c.DATA_DIR),
    storage:
      c.STORAGE === 's3' && c.S3_BUCKET
        ? {
            kind: 's3',
            bucket: c.S3_BUCKET,
            region: c.S3_REGION,
            endpoint: c.S3_ENDPOINT,
            accessKeyId: c.S3_ACCESS_KEY_ID,
            secretAccessKey: c.S3_SECRET_ACCESS_KEY,
            forcePathStyle: c.S3_FORCE_PATH_STYLE === 'on',
            prefix: c.S3_PREFIX,
          }
        : { kind: 'local', root: fromRoot(c.DATA_DIR) },
    webDistDir: fromRoot(c.WEB_DIST_DIR),
    ineDir: fromRoot(c.INE_DIR),
    photosDir: fromRoot(c.PHOTOS_DIR),
    devTools,
    devToolsToken: devTools ? (devToolsTokenText ?? randomBytes(24).toString('base64url')) : null,
    publicOrigin: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    warnings,
    apiDocs: apiDocumentation(c),
    seedDemo: demoData(c),
  };
}
