import { readdirSync } from 'node:fs';

/**
 * The web's layers (ARCHITECTURE.md): app → features → shared → domain. A layer imports only the layers
 * after it, and no feature imports another. Checked on the import text: a relative path that climbs out
 * (`../`) and enters `app/`, `features/` or a sibling feature's folder. No feature has a subfolder named
 * like a layer or another feature, so the text says where the import lands.
 *
 * Tests of a feature may use the app's providers and guards (SessionProvider, RedirectLoggedAgent) to
 * render a page as the app does; they still may not reach into another feature.
 */
const webSource = 'apps/web/src';
const testFiles = ['**/*.test.{ts,tsx}', '**/test-data.{ts,tsx}'];

const webFeatures = readdirSync(new URL(`./${webSource}/features`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const climbsInto = (folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;

const noApp = {
  regex: climbsInto(['app']),
  message:
    'A feature does not import app/: route paths and what pages share live in shared/ (ARCHITECTURE.md).',
};

const noOtherFeature = (feature) => ({
  regex: `^(\\.\\./)+(features/)?(${webFeatures.filter((other) => other !== feature).join('|')})(/|$)`,
  message: `A feature does not import another (${feature}): move what both use to shared/, or let app/ pass it in.`,
});

const restrict = (patterns) => ['error', { patterns }];

export const webLayerConfigs = [
  {
    files: [`${webSource}/shared/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrict([
        {
          regex: climbsInto(['app', 'features']),
          message: 'shared/ imports neither app/ nor features/: only shared/ and @casaoferta/domain.',
        },
      ]),
    },
  },
  ...webFeatures.flatMap((feature) => [
    {
      files: [`${webSource}/features/${feature}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': restrict([noApp, noOtherFeature(feature)]) },
    },
    {
      files: testFiles.map((glob) => `${webSource}/features/${feature}/${glob}`),
      rules: { 'no-restricted-imports': restrict([noOtherFeature(feature)]) },
    },
  ]),
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          regex: '^@casaoferta/(web|api)(/|$)|^(\\.\\./)+(apps)(/|$)',
          message: 'The domain imports no app.',
        },
      ]),
    },
  },
];
