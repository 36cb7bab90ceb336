import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());

/**
 * Every environment variable the API reads, parsed once. README's configuration table mirrors this.
 * Paths are relative to the repository root.
 */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'debe empezar por postgres:// o postgresql://')
      .optional(),
  ),
  // 10 measured 5–8 % more cache-miss searches than 20 on two cores (docs/PERFORMANCE.md).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_URL: optionalUrl,
  WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
  INE_DIR: z.string().min(1).default('apps/api/data/ine'),
  PHOTOS_DIR: z.string().min(1).default('apps/api/data/photos'),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  SUPPORT_WHATSAPP: z
    .string()
    .regex(/^\d{8,15}$/, 'número internacional sin +, solo dígitos')
    .default('34910000000'),
  SMS_PROVIDER: z.enum(['outbox']).default('outbox'),
  EMAIL_PROVIDER: z.enum(['outbox']).default('outbox'),
  WHATSAPP_PROVIDER: z.enum(['outbox']).default('outbox'),
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
});

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  webDistDir: string;
  ineDir: string;
  photosDir: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Configuración no válida:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production') {
    // Channels only store messages in the outbox; production must deliver them (ARCHITECTURE.md §4).
    const undeliverable = (['SMS_PROVIDER', 'EMAIL_PROVIDER', 'WHATSAPP_PROVIDER'] as const).filter(
      (key) => c[key] === 'outbox',
    );
    if (undeliverable.length > 0) {
      throw new ConfigError(
        `Configuración no válida:\n  ${undeliverable.join(', ')}: en producción hace falta un proveedor que entregue los mensajes`,
      );
    }
  }
  const fromRoot = (p: string) => path.resolve(repoRoot, p);
  return {
    ...c,
    dataDir: fromRoot(c.DATA_DIR),
    webDistDir: fromRoot(c.WEB_DIST_DIR),
    ineDir: fromRoot(c.INE_DIR),
    photosDir: fromRoot(c.PHOTOS_DIR),
  };
}
