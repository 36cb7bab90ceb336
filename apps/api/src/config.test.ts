import { describe, expect, it } from 'vitest';
import { apiDocumentation, ConfigError, demoData, developmentTools, loadConfig } from './config';

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
    [{ HOST: '0.0.0.0' }],
    [{ HOST: '192.168.1.20' }],
    [{ HOST: '::' }],
    [{ PUBLIC_URL: 'https://casaoferta.es' }],
    [{ HOST: 'localhost', PUBLIC_URL: 'http://localhost:8080' }],
    [{ DEV_TOOLS: 'off' }],
  ])('has no development tools with %j', (env) => {
    expect(loadConfig(env).devTools).toBe(false);
  });

  it.each([[{ HOST: '::1' }], [{ HOST: 'localhost' }], [{ HOST: '127.0.0.2' }], [{ DEV_TOOLS: 'on' }]])(
    'keeps the development tools on the loopback interface: %j',
    (env) => {
      expect(loadConfig(env).devTools).toBe(true);
    },
  );

  it.each([
    [{ DEV_TOOLS: 'on', HOST: '0.0.0.0' }, /HOST=0\.0\.0\.0/],
    [{ DEV_TOOLS: 'on', PUBLIC_URL: 'https://casaoferta.es' }, /PUBLIC_URL/],
  ])('refuses to start with DEV_TOOLS=on facing a network: %j', (env, reason) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/DEV_TOOLS/);
    expect(() => loadConfig(env)).toThrow(reason);
  });

  it('has neither development tools nor API docs in production, unless the docs are asked for', () => {
    // Production cannot start yet (no provider delivers messages): the decisions are checked alone.
    const production = { NODE_ENV: 'production', HOST: '127.0.0.1', PUBLIC_URL: undefined } as const;
    expect(developmentTools({ ...production, DEV_TOOLS: 'auto' })).toBe(false);
    expect(() => developmentTools({ ...production, DEV_TOOLS: 'on' })).toThrow(/NODE_ENV=production/);
    expect(apiDocumentation({ NODE_ENV: 'production', API_DOCS: 'auto' })).toBe(false);
    expect(apiDocumentation({ NODE_ENV: 'production', API_DOCS: 'on' })).toBe(true);
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe(false);
  });

  it('loads the demo data (accounts with a published password) only on a local start', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'never' }).seedDemo).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0' }).seedDemo).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', SEED_DEMO: 'on' }).seedDemo).toBe(true);
    const production = { NODE_ENV: 'production', HOST: '127.0.0.1', PUBLIC_URL: undefined } as const;
    expect(demoData({ ...production, SEED_DEMO: 'auto' })).toBe(false);
    expect(() => demoData({ ...production, SEED_DEMO: 'on' })).toThrow(/SEED_DEMO/);
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

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PUBLIC_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
