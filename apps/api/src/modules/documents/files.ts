import path from 'node:path';
import { storageKeys, type ObjectStore } from '../../platform/storage/index';

/** Where tenants' encrypted documents live on the local store: outside `media/`, never served statically. */
export const documentsRoot = (dataDir: string): string => path.join(dataDir, 'documents');

/** The local file of one stored document. Storage keys are made by the server (a uuid), never from a file name. */
export const documentPath = (root: string, storageKey: string): string =>
  path.join(root, `${storageKey}.enc`);

/** Removes stored files (after their rows are gone); a file already missing is not an error. */
export async function removeDocumentFiles(store: ObjectStore, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => store.delete(storageKeys.document(key))));
}
