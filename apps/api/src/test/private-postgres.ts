import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A throw-away PostgreSQL cluster of the tests that stop and start the database server (issue 25): its
 * own data dir in a temp dir, its own port, never the machine's shared server. initdb and pg_ctl refuse
 * to run as root: as root they run as the `postgres` user (runuser).
 */

const candidates = [
  ...(fs.existsSync('/usr/lib/postgresql')
    ? fs
        .readdirSync('/usr/lib/postgresql')
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join('/usr/lib/postgresql', version, 'bin'))
    : []),
  '/usr/local/bin',
  '/usr/bin',
];

const asRoot = process.getuid?.() === 0;

/** The directory holding initdb, pg_ctl and postgres, or why the tests cannot run a cluster. */
function findBinaries(): { bin: string } | { missing: string } {
  const bin = candidates.find((dir) =>
    ['initdb', 'pg_ctl', 'postgres'].every((name) => fs.existsSync(path.join(dir, name))),
  );
  if (!bin)
    return { missing: `no PostgreSQL binaries (initdb, pg_ctl, postgres) in ${candidates.join(', ')}` };
  if (asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    return { missing: 'running as root without a `postgres` user to run initdb as' };
  }
  if (asRoot && spawnSync('runuser', ['--help']).error) return { missing: 'running as root without runuser' };
  return { bin };
}

const found = findBinaries();
/** Why this machine cannot run a private cluster (the tests skip, saying it), or null when it can. */
export const privatePostgresMissing: string | null = 'missing' in found ? found.missing : null;

export class PrivatePostgres {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-pg-'));
  readonly dataDir = path.join(this.dir, 'data');

  constructor(readonly port: number) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private run(tool: string, args: string[]): void {
    if (!('bin' in found)) throw new Error(found.missing);
    const command = path.join(found.bin, tool);
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
      : spawnSync(command, args, { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`${tool} ${args.join(' ')}: ${result.stderr || result.stdout || result.error}`);
    }
  }

  /** initdb (trust on loopback, no fsync: a test's data) and start. */
  init(): void {
    if (asRoot) spawnSync('chown', ['postgres:postgres', this.dir]);
    this.run('initdb', ['-D', this.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    this.start();
  }

  /** Starts the server and waits until it accepts connections (after crash recovery, if any). */
  start(): void {
    this.run('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      path.join(this.dir, 'log'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=100 -c fsync=off`,
      '-w',
      'start',
    ]);
  }

  /**
   * Stops the server: `fast` (a routine restart: sessions are ended, a checkpoint is written) or
   * `immediate` (every process quits at once, as in a crash: recovery at the next start).
   */
  stop(mode: 'fast' | 'immediate'): void {
    this.run('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop']);
  }

  destroy(): void {
    try {
      this.stop('immediate');
    } catch {
      // already stopped
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
