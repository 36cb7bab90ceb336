// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The layer rule of eslint.layers.js bites: app → features → shared → domain, no feature into another. */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const importing = (from: string) => `import { value } from '${from}';\nexport const copy = value;\n`;

describe('web layers (eslint.layers.js)', () => {
  const page = 'apps/web/src/features/announcements/pages/some-page.tsx';

  it('refuses a feature importing app/', async () => {
    const messages = await restrictedImports(page, importing('../../../app/paths'));
    expect(messages).toEqual([expect.stringContaining('A feature does not import app/')]);
  });

  it('refuses a feature importing another feature', async () => {
    expect(await restrictedImports(page, importing('../../catalogue/filters'))).toEqual([
      expect.stringContaining('A feature does not import another'),
    ]);
    expect(
      await restrictedImports('apps/web/src/features/auth/redirect.ts', importing('../property-form/texts')),
    ).toHaveLength(1);
  });

  it('lets a feature import itself, shared/ and the domain', async () => {
    const code = [
      importing('../components/announcement-card'),
      "import { paths } from '../../../shared/paths';",
      "import { codes } from '@casaoferta/domain/codes';",
      'export const all = [paths, codes];',
    ].join('\n');
    expect(await restrictedImports(page, code)).toEqual([]);
  });

  it("lets a feature's tests render with the app's providers, never another feature", async () => {
    const test = 'apps/web/src/features/auth/pages/login-page.test.tsx';
    expect(await restrictedImports(test, importing('../../../app/session-provider'))).toEqual([]);
    expect(await restrictedImports(test, importing('../../catalogue/filters'))).toHaveLength(1);
  });

  it('refuses shared/ importing app/ or a feature', async () => {
    const file = 'apps/web/src/shared/api/some-client.ts';
    expect(await restrictedImports(file, importing('../../app/session-provider'))).toHaveLength(1);
    expect(await restrictedImports(file, importing('../../features/auth/redirect'))).toHaveLength(1);
  });

  it('refuses the domain importing an app', async () => {
    const file = 'packages/domain/src/some-rule.ts';
    expect(await restrictedImports(file, importing('@casaoferta/web/src/shared/paths'))).toHaveLength(1);
    expect(await restrictedImports(file, importing('../../../apps/api/src/app'))).toHaveLength(1);
  });
});
