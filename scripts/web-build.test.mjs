// `node --test scripts/web-build.test.mjs` (npm test runs it): the web build is made for production
// whatever NODE_ENV the shell has, and `npm start` makes again a build that was not.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { webBuildEnv, webBuildStaleReason, webSources } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const temporary = [];
after(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = (prefix) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporary.push(dir);
  return dir;
};

/** A repository with the web app's sources (one file each) and a build made at `builtAt`. */
function fakeRepo({ builtAt, nodeEnv }) {
  const repo = tempDir('casaoferta-web-build-');
  for (const source of webSources) {
    const file = source.includes('.') ? path.join(repo, source) : path.join(repo, source, 'a.ts');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'x');
  }
  const dist = path.join(repo, 'apps/web/dist');
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  if (nodeEnv !== undefined) {
    fs.writeFileSync(path.join(dist, '.vite/build-env.json'), JSON.stringify({ nodeEnv }));
  }
  fs.writeFileSync(path.join(dist, 'index.html'), '<div id="root"></div>');
  fs.utimesSync(path.join(dist, 'index.html'), builtAt, builtAt);
  return repo;
}
const future = new Date(Date.now() + 3_600_000);
const past = new Date(Date.now() - 3_600_000);

describe('webBuildEnv', () => {
  it('builds for production when the shell says development, and keeps the rest', () => {
    const env = webBuildEnv({ NODE_ENV: 'development', PORT: '18600' });
    assert.equal(env.NODE_ENV, 'production');
    assert.equal(env.PORT, '18600');
  });
});

describe('webBuildStaleReason', () => {
  it('accepts a production build newer than its sources', () => {
    assert.equal(webBuildStaleReason(fakeRepo({ builtAt: future, nodeEnv: 'production' })), null);
  });
  it('rebuilds a build made with NODE_ENV=development, however new', () => {
    const repo = fakeRepo({ builtAt: future, nodeEnv: 'development' });
    assert.equal(webBuildStaleReason(repo), 'built with NODE_ENV=development');
  });
  it('rebuilds a build that does not say how it was made', () => {
    assert.equal(webBuildStaleReason(fakeRepo({ builtAt: future })), 'built with NODE_ENV=unknown');
  });
  it('rebuilds a build older than a source', () => {
    const repo = fakeRepo({ builtAt: past, nodeEnv: 'production' });
    assert.match(webBuildStaleReason(repo) ?? '', /changed$/);
  });
  it('builds when there is no build', () => {
    const repo = fakeRepo({ builtAt: future, nodeEnv: 'production' });
    fs.rmSync(path.join(repo, 'apps/web/dist/index.html'));
    assert.equal(webBuildStaleReason(repo), 'no build');
  });
});

describe('vite build with NODE_ENV=development', () => {
  it("bundles React's production build and records it", () => {
    const outDir = tempDir('casaoferta-web-dist-');
    const vite = path.join(root, 'node_modules/.bin/vite');
    const build = spawnSync(vite, ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: path.join(root, 'apps/web'),
      env: { ...process.env, NODE_ENV: 'development' },
      encoding: 'utf8',
    });
    assert.equal(build.status, 0, build.stderr);
    const assets = path.join(outDir, 'assets');
    const developmentChunks = fs
      .readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .filter((file) =>
        /\bjsxDEV\b|Each child in a list should have a unique/.test(
          fs.readFileSync(path.join(assets, file), 'utf8'),
        ),
      );
    assert.deepEqual(developmentChunks, []);
    const recorded = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/build-env.json'), 'utf8'));
    assert.deepEqual(recorded, { nodeEnv: 'production' });
  });
});
