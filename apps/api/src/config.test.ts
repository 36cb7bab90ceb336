import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { productionEnv } from './test/production-env';
import {
  apiDocumentation,
  ConfigError,
  demoData,
  developmentTools,
  loadConfig,
  parseDocumentsKey,
} from './config';

/** The settings the exposure decisions read, of a production start on the loopback interface. */
const bareProduction = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PUBLIC_URL: undefined,
  TRUST_PROXY: false,
} as const;

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, NODE_ENV: 'development', DATA_DIR: '.data' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir.endsWith('/.data')).toBe(true);
  });

  it('listens on the loopback interface by default, with the development tools and the API docs', () => {
    const config = loadConfig({});
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.devTools).toBe(true);
    expect(config.apiDocs).toBe(true);
  });

  it.each([
    [{ HOST: '0.0.0.0' }, /HOST=0\.0\.0\.0 no es la interfaz local/],
    [{ HOST: '192.168.1.20' }, /HOST=192\.168\.1\.20/],
    [{ HOST: '::' }, /HOST=::/],
    [{ PUBLIC_URL: 'https://casaoferta.es' }, /PUBLIC_URL=https:\/\/casaoferta\.es/],
    [{ HOST: 'localhost', PUBLIC_URL: 'http://localhost:8080' }, /PUBLIC_URL/],
    [{ TRUST_PROXY: '1' }, /TRUST_PROXY: hay un proxy delante/],
    [{ TRUST_PROXY: '10.0.0.5', NODE_ENV: 'development' }, /TRUST_PROXY/],
    [{ HOST: '0.0.0.0', SEED_DEMO: 'on' }, /HOST=0\.0\.0\.0/],
    [{ HOST: '0.0.0.0', DEV_TOOLS: 'on' }, /HOST=0\.0\.0\.0/],
    [{ HOST: '0.0.0.0', NODE_ENV: 'test' }, /HOST=0\.0\.0\.0/],
  ])('refuses a start others can reach that is not production, saying why: %j', (env, reason) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/arranca con NODE_ENV=production/);
    expect(() => loadConfig(env)).toThrow(reason);
  });

  it.each([[{ HOST: '::1' }], [{ HOST: 'localhost' }], [{ HOST: '127.0.0.2' }], [{ DEV_TOOLS: 'on' }]])(
    'keeps the development tools on the loopback interface, with a token of their own: %j',
    (env) => {
      const config = loadConfig(env);
      expect(config.devTools).toBe(true);
      expect(config.devToolsToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(loadConfig(env).devToolsToken).not.toBe(config.devToolsToken);
    },
  );

  it('takes the outbox token from DEV_TOOLS_TOKEN, only a long one, and has none without the tools', () => {
    const token = 'a'.repeat(40);
    expect(loadConfig({ DEV_TOOLS_TOKEN: token }).devToolsToken).toBe(token);
    expect(() => loadConfig({ DEV_TOOLS_TOKEN: 'short' })).toThrow(/DEV_TOOLS_TOKEN/);
    expect(loadConfig({ DEV_TOOLS: 'off', DEV_TOOLS_TOKEN: token })).toMatchObject({
      devTools: false,
      devToolsToken: null,
    });
  });

  it('has neither development tools nor API docs in production, unless the docs are asked for', () => {
    const production = loadConfig({ ...productionEnv, HOST: '0.0.0.0', TRUST_PROXY: '1' });
    expect(production).toMatchObject({ devTools: false, devToolsToken: null, apiDocs: false });
    expect(
      loadConfig({ ...productionEnv, HOST: '127.0.0.1', DEV_TOOLS_TOKEN: 'a'.repeat(40) }),
    ).toMatchObject({ devTools: false, devToolsToken: null });
    expect(() => loadConfig({ ...productionEnv, DEV_TOOLS: 'on' })).toThrow(/DEV_TOOLS/);
    expect(() => loadConfig({ ...productionEnv, DEV_TOOLS: 'on' })).toThrow(/NODE_ENV=production/);
    expect(developmentTools({ ...bareProduction, DEV_TOOLS: 'auto' })).toBe(false);
    expect(apiDocumentation({ NODE_ENV: 'production', API_DOCS: 'auto' })).toBe(false);
    expect(apiDocumentation({ NODE_ENV: 'production', API_DOCS: 'on' })).toBe(true);
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe(false);
  });

  it('loads the demo data only on a local start, never in production', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'never' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'on' }).seedDemo).toBe(true);
    expect(loadConfig(productionEnv).seedDemo).toBe(false);
    expect(() => loadConfig({ ...productionEnv, SEED_DEMO: 'on' })).toThrow(/SEED_DEMO/);
    expect(demoData({ ...bareProduction, SEED_DEMO: 'auto' })).toBe(false);
  });

  it('builds every link from PUBLIC_URL, required in production, or from this machine on a local start', () => {
    expect(loadConfig({}).publicOrigin).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '9000' }).publicOrigin).toBe('http://localhost:9000');
    expect(loadConfig({ ...productionEnv, PUBLIC_URL: 'https://casaoferta.es/' }).publicOrigin).toBe(
      'https://casaoferta.es',
    );
    const { PUBLIC_URL: _unset, ...withoutUrl } = productionEnv;
    expect(() => loadConfig(withoutUrl)).toThrow(/PUBLIC_URL: en producción hace falta la dirección pública/);
  });

  it('gives the database a connection time-out and a statement time-out', () => {
    expect(loadConfig({})).toMatchObject({
      DATABASE_CONNECT_TIMEOUT_MS: 5000,
      DATABASE_STATEMENT_TIMEOUT_MS: 15000,
    });
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '2000' }).DATABASE_STATEMENT_TIMEOUT_MS).toBe(2000);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ DEV_TOOLS: 'yes' }, 'DEV_TOOLS'],
    [{ API_DOCS: 'maybe' }, 'API_DOCS'],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '0' }, 'DATABASE_STATEMENT_TIMEOUT_MS'],
  ])('stops on %j naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('refuses production with channels that only store messages', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMS_PROVIDER/);
  });

  describe('message delivery', () => {
    // Production with every channel delivering (the worker off: these tests send nothing).
    const { DELIVERY_WORKER: _worker, ...delivering } = productionEnv;
    const problem = (env: Record<string, string>): string => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        return error instanceof ConfigError ? error.message : String(error);
      }
    };

    it('starts production with a delivering provider on every channel', () => {
      expect(loadConfig(delivering)).toMatchObject({
        EMAIL_PROVIDER: 'smtp',
        SMTP_PORT: 587,
        SMTP_TLS: 'starttls',
      });
    });

    it('refuses production without a payment provider, and warns at every start of a sandbox chosen', () => {
      const { PAYMENT_PROVIDER: _unset, ...unchosen } = delivering;
      expect(problem(unchosen)).toContain(
        'PAYMENT_PROVIDER: en producción hace falta un proveedor de pagos real',
      );
      expect(problem(delivering)).toBe('');
      expect(loadConfig(delivering).warnings).toEqual([]);
      const sandbox = loadConfig({ ...delivering, PAYMENT_PROVIDER: 'sandbox' });
      expect(sandbox.PAYMENT_PROVIDER).toBe('sandbox');
      expect(sandbox.warnings).toEqual([expect.stringContaining('PAYMENT_PROVIDER=sandbox en producción')]);
      expect(loadConfig({}).warnings).toEqual([]);
    });

    it('names each channel left on the outbox in production, with the provider to choose', () => {
      const message = problem({ ...delivering, SMS_PROVIDER: 'outbox', WHATSAPP_PROVIDER: 'outbox' });
      expect(message).toContain('SMS_PROVIDER, WHATSAPP_PROVIDER: en producción hace falta un proveedor');
      expect(message).toContain('SMS_PROVIDER=twilio, WHATSAPP_PROVIDER=whatsapp-cloud');
      expect(message).not.toContain('EMAIL_PROVIDER');
    });

    it.each([
      [{ SMTP_HOST: '' }, 'SMTP_HOST: hace falta para EMAIL_PROVIDER=smtp'],
      [{ SMTP_HOST: '', SMTP_FROM: '' }, 'SMTP_HOST, SMTP_FROM: hacen falta para EMAIL_PROVIDER=smtp'],
      [{ SMTP_PASSWORD: '' }, 'SMTP_USER, SMTP_PASSWORD: van juntos'],
      [{ TWILIO_AUTH_TOKEN: '' }, 'TWILIO_AUTH_TOKEN: hace falta para SMS_PROVIDER=twilio'],
      [{ TWILIO_FROM: '' }, 'TWILIO_FROM o TWILIO_MESSAGING_SERVICE_SID'],
      [
        { WHATSAPP_PHONE_NUMBER_ID: '' },
        'WHATSAPP_PHONE_NUMBER_ID: hace falta para WHATSAPP_PROVIDER=whatsapp-cloud',
      ],
    ])('names what a chosen provider lacks: %j', (missing, text) => {
      expect(problem({ ...delivering, ...missing })).toContain(text);
      // The same outside production: a provider chosen is a provider configured.
      expect(problem({ ...delivering, ...missing, NODE_ENV: 'development', PUBLIC_URL: '' })).toContain(text);
    });

    it('lists every problem at once, with the documents key and the contracts certificate', () => {
      const message = problem({ NODE_ENV: 'production', EMAIL_PROVIDER: 'smtp' });
      expect(message).toContain('SMTP_HOST, SMTP_FROM');
      expect(message).toContain('SMS_PROVIDER, WHATSAPP_PROVIDER: en producción');
      expect(message).toContain('DOCUMENTS_KEY');
      expect(message).toContain('CONTRACT_SIGNING_P12');
    });

    it('takes the login SMS text with {code} once, and refuses one without it', () => {
      expect(loadConfig({ SMS_LOGIN_TEXT: 'Casaoferta: {code}' }).SMS_LOGIN_TEXT).toBe('Casaoferta: {code}');
      expect(loadConfig({ SMS_LOGIN_TEXT: '' }).SMS_LOGIN_TEXT).toBeUndefined();
      expect(problem({ SMS_LOGIN_TEXT: 'Tu código' })).toContain('SMS_LOGIN_TEXT');
      expect(problem({ SMS_LOGIN_TEXT: '{code} {code}' })).toContain('debe contener {code} una vez');
      expect(problem({ SMS_LOGIN_TEXT: `{code}${'x'.repeat(300)}` })).toContain('SMS_LOGIN_TEXT');
    });

    it('runs the worker except in tests, unless told', () => {
      expect(loadConfig({}).DELIVERY_WORKER).toBe('auto');
      expect(problem({ SMTP_PORT: '0' })).toContain('SMTP_PORT');
      expect(problem({ SMS_PROVIDER: 'carrier-pigeon' })).toContain('SMS_PROVIDER');
    });
  });

  it('refuses production without DOCUMENTS_KEY, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DOCUMENTS_KEY: en producción hace falta/);
    expect(() => loadConfig({ NODE_ENV: 'production', DOCUMENTS_KEY: '' })).toThrow(/DOCUMENTS_KEY/);
    // With a key, production is refused for the other reason only (no channel delivers messages yet).
    const key = randomBytes(32).toString('base64');
    expect(() => loadConfig({ NODE_ENV: 'production', DOCUMENTS_KEY: key })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ NODE_ENV: 'production', DOCUMENTS_KEY: key })).not.toThrow(/DOCUMENTS_KEY/);
  });

  it('refuses production without CONTRACT_SIGNING_P12, naming it, and takes it base64 anywhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /CONTRACT_SIGNING_P12: en producción hace falta/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', CONTRACT_SIGNING_P12: '' })).toThrow(
      /CONTRACT_SIGNING_P12/,
    );
    const p12 = randomBytes(300).toString('base64');
    expect(() => loadConfig({ NODE_ENV: 'production', CONTRACT_SIGNING_P12: p12 })).not.toThrow(
      /CONTRACT_SIGNING_P12/,
    );
    expect(loadConfig({}).CONTRACT_SIGNING_P12).toBeUndefined();
    expect(loadConfig({ CONTRACT_SIGNING_P12: p12, CONTRACT_SIGNING_PASSWORD: 'x' })).toMatchObject({
      CONTRACT_SIGNING_P12: p12,
      CONTRACT_SIGNING_PASSWORD: 'x',
    });
    expect(() => loadConfig({ CONTRACT_SIGNING_P12: 'not a p12 file!' })).toThrow(
      /CONTRACT_SIGNING_P12: debe ser un archivo PKCS#12/,
    );
  });

  it.each([
    ['too short', randomBytes(16).toString('base64')],
    ['too long', randomBytes(33).toString('base64')],
    ['not base64', 'x'.repeat(44)],
    ['unpadded', randomBytes(32).toString('base64').replace(/=+$/, '')],
  ])('refuses a DOCUMENTS_KEY that is %s, anywhere', (_what, value) => {
    expect(() => loadConfig({ DOCUMENTS_KEY: value })).toThrow(
      /DOCUMENTS_KEY: debe ser una clave de 32 bytes/,
    );
  });

  it('reads DOCUMENTS_KEY as its 32 bytes, and keeps it null when unset outside production', () => {
    const key = randomBytes(32);
    expect(loadConfig({ DOCUMENTS_KEY: key.toString('base64') }).documentsKey?.equals(key)).toBe(true);
    expect(loadConfig({}).documentsKey).toBeNull();
    expect(parseDocumentsKey(` ${key.toString('base64')}\n`)?.equals(key)).toBe(true);
    expect(Object.keys(loadConfig({ DOCUMENTS_KEY: key.toString('base64') }))).not.toContain('DOCUMENTS_KEY');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PUBLIC_URL: '' }).DATABASE_URL).toBeUndefined();
  });
  describe('file storage (decision 035)', () => {
    const s3 = { STORAGE: 's3', S3_BUCKET: 'casaoferta-fotos', S3_ENDPOINT: 'http://127.0.0.1:9000' };
    const keys = {
      DOCUMENTS_KEY: randomBytes(32).toString('base64'),
      CONTRACT_SIGNING_P12: randomBytes(64).toString('base64'),
    };
    it('is the local disk under DATA_DIR by default', () => {
      const config = loadConfig({ DATA_DIR: '/tmp/datos' });
      expect(config.storage).toEqual({ kind: 'local', root: '/tmp/datos' });
    });
    it('takes a bucket with its settings, and names what is missing', () => {
      const config = loadConfig({ ...s3, ...keys, S3_FORCE_PATH_STYLE: 'on', S3_PREFIX: 'casaoferta/' });
      expect(config.storage).toMatchObject({
        kind: 's3',
        bucket: 'casaoferta-fotos',
        endpoint: 'http://127.0.0.1:9000',
        forcePathStyle: true,
        prefix: 'casaoferta/',
      });
      expect(() => loadConfig({ ...keys, STORAGE: 's3' })).toThrow(/S3_BUCKET/);
      expect(() => loadConfig({ ...s3, ...keys, S3_ACCESS_KEY_ID: 'solo-una' })).toThrow(
        /S3_SECRET_ACCESS_KEY/,
      );
      expect(() => loadConfig({ ...s3, ...keys, S3_PREFIX: '../fuera' })).toThrow(/S3_PREFIX/);
    });
    it('with a bucket, takes the documents key and the certificate from configuration, never from one disk', () => {
      expect(() => loadConfig({ ...s3, CONTRACT_SIGNING_P12: keys.CONTRACT_SIGNING_P12 })).toThrow(
        /DOCUMENTS_KEY/,
      );
      expect(() => loadConfig({ ...s3, DOCUMENTS_KEY: keys.DOCUMENTS_KEY })).toThrow(/CONTRACT_SIGNING_P12/);
    });
    it('refuses a private disk under production processes on PostgreSQL, unless shared on purpose', () => {
      const postgres = { ...productionEnv, DATABASE_URL: 'postgres://db/casaoferta' };
      expect(() => loadConfig(postgres)).toThrow(/STORAGE=s3/);
      expect(loadConfig({ ...postgres, STORAGE_LOCAL_SHARED: 'on' }).storage.kind).toBe('local');
      expect(loadConfig({ ...postgres, ...s3 }).storage.kind).toBe('s3');
      // PGlite: one process holds the data dir.
      expect(loadConfig(productionEnv).storage.kind).toBe('local');
    });
  });

  describe('payments', () => {
    const stripeKeys = {
      STRIPE_SECRET_KEY: 'sk_test_51Abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_test123',
    };
    it('uses the sandbox with default prices per kind, VAT included', () => {
      expect(loadConfig({})).toMatchObject({
        PAYMENT_PROVIDER: 'sandbox',
        PAYMENT_PRICE_SALE_EUR: 149,
        PAYMENT_PRICE_RENTAL_EUR: 49,
        PAYMENT_PRICE_ROOM_EUR: 29,
      });
      expect(loadConfig({ PAYMENT_PRICE_ROOM_EUR: '19' }).PAYMENT_PRICE_ROOM_EUR).toBe(19);
      expect(() => loadConfig({ PAYMENT_PRICE_SALE_EUR: '9.5' })).toThrow(/PAYMENT_PRICE_SALE_EUR/);
      expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
    });
    it('takes redsys with its merchant code and secret key, refusing it without them or with bad ones (issue 28)', () => {
      const redsys = {
        PAYMENT_PROVIDER: 'redsys',
        REDSYS_MERCHANT_CODE: '999008881',
        REDSYS_SECRET_KEY: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
      };
      expect(loadConfig(redsys)).toMatchObject({
        PAYMENT_PROVIDER: 'redsys',
        REDSYS_TERMINAL: '1',
        REDSYS_GATEWAY_URL: 'https://sis-t.redsys.es:25443',
      });
      expect(() => loadConfig({ PAYMENT_PROVIDER: 'redsys' })).toThrow(
        /REDSYS_MERCHANT_CODE, REDSYS_SECRET_KEY: hacen falta para PAYMENT_PROVIDER=redsys/,
      );
      expect(() => loadConfig({ ...redsys, REDSYS_SECRET_KEY: 'corta' })).toThrow(/REDSYS_SECRET_KEY/);
      expect(() => loadConfig({ ...redsys, REDSYS_MERCHANT_CODE: '12345' })).toThrow(/REDSYS_MERCHANT_CODE/);
      expect(() => loadConfig({ ...redsys, REDSYS_GATEWAY_URL: 'ftp://x' })).toThrow(/REDSYS_GATEWAY_URL/);
      // Production with Redsys' test gateway starts, warned; with the real one, quietly.
      const test = loadConfig({ ...productionEnv, ...redsys });
      expect(test.warnings).toEqual([expect.stringContaining('pasarela de pruebas de Redsys')]);
      const real = loadConfig({ ...productionEnv, ...redsys, REDSYS_GATEWAY_URL: 'https://sis.redsys.net/' });
      expect(real.REDSYS_GATEWAY_URL).toBe('https://sis.redsys.net');
      expect(real.warnings).toEqual([]);
    });
    it('needs the invoices’ seller in production, and prints demo data elsewhere (issue 28)', () => {
      const { INVOICE_SELLER_NIF: _nif, ...withoutNif } = productionEnv;
      expect(() => loadConfig(withoutNif)).toThrow(
        /INVOICE_SELLER_NIF: en producción cada pago emite una factura/,
      );
      expect(() => loadConfig({ ...productionEnv, INVOICE_SELLER_NIF: 'B12345675' })).toThrow(
        /INVOICE_SELLER_NIF/,
      );
      expect(loadConfig(productionEnv).invoiceSeller).toEqual({
        name: 'Casaoferta, S.L.',
        nif: 'B12345674',
        address: 'Calle de Alcalá 1, 28014 Madrid',
      });
      expect(loadConfig({}).invoiceSeller.name).toMatch(/demostración/);
    });
    it('refuses stripe without its keys, naming them, anywhere and in production', () => {
      expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
        /STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: hacen falta para PAYMENT_PROVIDER=stripe/,
      );
      const { STRIPE_WEBHOOK_SECRET: _secret, ...withoutSecret } = stripeKeys;
      expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', ...withoutSecret })).toThrow(
        /STRIPE_WEBHOOK_SECRET: hace falta/,
      );
      expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'stripe' })).toThrow(
        /STRIPE_SECRET_KEY.*PAYMENT_PROVIDER=stripe/,
      );
      expect(loadConfig({ PAYMENT_PROVIDER: 'stripe', ...stripeKeys }).PAYMENT_PROVIDER).toBe('stripe');
    });
    it('refuses keys of the wrong kind', () => {
      expect(() =>
        loadConfig({ PAYMENT_PROVIDER: 'stripe', ...stripeKeys, STRIPE_SECRET_KEY: 'pk_test_1' }),
      ).toThrow(/STRIPE_SECRET_KEY/);
    });
  });
});
