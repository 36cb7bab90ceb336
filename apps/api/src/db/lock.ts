import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/** The kernel's flag of a task that has begun to exit (include/linux/sched.h). */
const PF_EXITING = 0x4;

/**
 * Whether a process whose pid answers is really running, on Linux: not a zombie or dead (`Z`, `X`), not
 * exiting (a process killed with SIGKILL stays in the table while the kernel frees its memory, and as
 * a zombie until its parent reaps it: 1–2 s after `kill -9` of the API, issue 25). Its files are closed
 * and it writes nothing more. Elsewhere (no /proc), the pid's answer is all there is.
 */
export function isRunning(pid: number): boolean {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Gone meanwhile; or no /proc on this system: trust kill(pid, 0).
    return code !== 'ENOENT' || !fs.existsSync('/proc/self/stat');
  }
  // "pid (comm) state ppid pgrp session tty_nr tpgid flags …"; comm may hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const flags = Number(fields[6]);
  if (state === 'Z' || state === 'X' || state === 'x') return false;
  return Number.isFinite(flags) ? (flags & PF_EXITING) === 0 : true;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return isRunning(pid);
};

/**
 * PGlite has no lock of its own and two processes on one data dir silently lose writes, so we take an
 * exclusive lock file holding our pid. A lock whose process is gone (crash, kill -9), a zombie or
 * exiting, is taken over at once.
 * Returns the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'casaoferta.lock');
  const content = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, content, { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === content) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockPath);
      const sameHost = holder?.host === os.hostname();
      if (holder && sameHost && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new DataDirLockedError(
          `El directorio de datos ${dataDir} ya está en uso por otro proceso (pid ${holder.pid}). ` +
            'Detén ese proceso o usa otro DATA_DIR.',
        );
      }
      if (holder && !sameHost) {
        throw new DataDirLockedError(
          `El directorio de datos ${dataDir} está bloqueado por ${holder.host} (pid ${holder.pid}). ` +
            `Si ese proceso ya no existe, borra ${lockPath}.`,
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`No se ha podido bloquear el directorio de datos ${dataDir}.`);
}

function readHolder(lockPath: string): { pid: number; host: string } | null {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'pid' in parsed && 'host' in parsed) {
      const { pid, host } = parsed;
      if (typeof pid === 'number' && typeof host === 'string') return { pid, host };
    }
  } catch {
    // unreadable lock: treat as stale
  }
  return null;
}
