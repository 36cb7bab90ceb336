import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, NODE_ENV: 'development', DATA_DIR: '.data' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir.endsWith('/.data')).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
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
