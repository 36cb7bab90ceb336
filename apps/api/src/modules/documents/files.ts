import fs from 'node:fs/promises';
import path from 'node:path';

/** Where tenants' encrypted documents live: outside `media/`, never served statically. */
export const documentsRoot = (dataDir: string): string => path.join(dataDir, 'documents');

/** The file of one stored document. Storage keys are made by the server (a uuid), never from a file name. */
export const documentPath = (root: string, storageKey: string): string =>
  path.join(root, `${storageKey}.enc`);

/** Removes stored files (after their rows are gone); a file already missing is not an error. */
export async function removeDocumentFiles(root: string, storageKeys: readonly string[]): Promise<void> {
  await Promise.all(storageKeys.map((key) => fs.rm(documentPath(root, key), { force: true })));
}
