import type { StorageSettings } from '../../config';
import { localStore } from './local';
import type { ObjectStore } from './store';

export * from './store';

/**
 * The store the configuration names (decision 035). The S3 client is loaded only when a bucket is
 * configured: a local start does not pay for it (decision 036).
 */
export async function openStore(settings: StorageSettings): Promise<ObjectStore> {
  if (settings.kind === 'local') return localStore(settings.root);
  const { s3Store } = await import('./s3');
  return s3Store(settings);
}

/** The keys of each kind of file: the same under DATA_DIR and in a bucket. */
export const storageKeys = {
  media: (storageKey: string, size: string): string => `media/${storageKey}-${size}.webp`,
  document: (storageKey: string): string => `documents/${storageKey}.enc`,
  contractImage: (storageKey: string): string => `contract-images/${storageKey}.jpg`,
} as const;
