// `node --test scripts/api-build.test.mjs` (npm test runs it): when `npm start` makes the API's compiled
// build again (scripts/api-build.mjs, decision 036).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { apiBuildStaleReason, apiSources } from './api-build.mjs';

const temporary = [];
after(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

const future = new Date(Date.now() + 3_600_000);
const past = new Date(Date.now() - 3_600_000);

/** A repository with one file per source, written at `past`, and a build recorded at `builtAt`. */
function fakeRepo({ builtAt, format = 1 }) {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-api-build-'));
  temporary.push(repo);
  for (const source of apiSources) {
    const file = /\.[a-z]+$/.test(source) ? path.join(repo, source) : path.join(repo, source, 'a.ts');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'x');
    fs.utimesSync(file, past, past);
    fs.utimesSync(path.dirname(file), past, past);
  }
  const dist = path.join(repo, 'apps/api/dist');
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'main.js'), '');
  fs.writeFileSync(path.join(dist, 'build.json'), JSON.stringify({ format }));
  fs.utimesSync(path.join(dist, 'build.json'), builtAt, builtAt);
  return repo;
}

/** Writes `relative` in `repo` now (newer than a build recorded an hour ago). */
const touch = (repo, relative) => {
  const file = path.join(repo, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'y');
};

describe('apiBuildStaleReason', () => {
  it('accepts a build newer than its sources', () => {
    assert.equal(apiBuildStaleReason(fakeRepo({ builtAt: future })), null);
  });
  it('builds when there is no build', () => {
    const repo = fakeRepo({ builtAt: future });
    fs.rmSync(path.join(repo, 'apps/api/dist/main.js'));
    assert.equal(apiBuildStaleReason(repo), 'no build');
  });
  it('rebuilds a build made by another version of the script', () => {
    assert.equal(apiBuildStaleReason(fakeRepo({ builtAt: future, format: 0 })), 'made by build format 0');
  });
  it('rebuilds when a source of the API or of the domain changed', () => {
    for (const source of ['apps/api/src/app.ts', 'packages/domain/src/codes.ts', 'apps/api/package.json']) {
      const repo = fakeRepo({ builtAt: new Date(Date.now() - 60_000) });
      touch(repo, source);
      assert.match(apiBuildStaleReason(repo) ?? '', /changed$/, source);
    }
  });
  it('does not rebuild for a test file', () => {
    for (const test of ['apps/api/src/app.test.ts', 'apps/api/src/test/helpers.ts']) {
      const repo = fakeRepo({ builtAt: new Date(Date.now() - 60_000) });
      touch(repo, test);
      // Only the file's time is the question here: the folders it was added to are set back.
      for (let dir = path.dirname(path.join(repo, test)); dir !== repo; dir = path.dirname(dir)) {
        fs.utimesSync(dir, past, past);
      }
      assert.equal(apiBuildStaleReason(repo), null, test);
    }
  });
});
