import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';

/**
 * Writes a secret file the first time only (mode 0600), whole or not at all: the content goes to a
 * temporary file that is then linked into place, so of two processes starting together one file wins
 * and both read the same (the caller reads `file` afterwards).
 */
export async function createOnce(file: string, content: string): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  await fs.writeFile(temporary, content, { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.rm(temporary, { force: true });
  }
}
