import type { StorageSettings } from '../../config';
import { localStore } from './local';
import { s3Store } from './s3';
import type { ObjectStore } from './store';

export * from './store';

/** The store the configuration names (decision 035). */
export function openStore(settings: StorageSettings): ObjectStore {
  return settings.kind === 's3' ? s3Store(settings) : localStore(settings.root);
}

/** The keys of each kind of file: the same under DATA_DIR and in a bucket. */
export const storageKeys = {
  media: (storageKey: string, size: string): string => `media/${storageKey}-${size}.webp`,
  document: (storageKey: string): string => `documents/${storageKey}.enc`,
  contractImage: (storageKey: string): string => `contract-images/${storageKey}.jpg`,
} as const;
