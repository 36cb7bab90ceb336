import type { ObjectStore } from './store';

/** The folders of the product's files (decision 035): what a migration copies. */
export const storedFolders = ['media/', 'documents/', 'contract-images/'] as const;

export interface CopyReport {
  copied: number;
  /** Already in the target with the same size: a run stopped halfway resumes after them. */
  skipped: number;
  failed: { key: string; error: string }[];
  bytes: number;
}

/**
 * Copies every object under `prefixes` from `source` to `target`, streaming each one. Idempotent and
 * resumable: an object the target already holds with the same size is skipped, so a run stopped
 * halfway (or run twice) copies only what is missing. Documents are copied as they are stored
 * (encrypted): the key never takes part.
 */
export async function copyObjects(
  source: ObjectStore,
  target: ObjectStore,
  prefixes: readonly string[] = storedFolders,
  onObject: (key: string, outcome: 'copied' | 'skipped' | 'failed') => void = () => undefined,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, failed: [], bytes: 0 };
  for (const prefix of prefixes) {
    for await (const listed of source.list(prefix)) {
      try {
        const there = await target.head(listed.key);
        if (there && there.size === listed.size) {
          report.skipped += 1;
          onObject(listed.key, 'skipped');
          continue;
        }
        const object = await source.get(listed.key);
        // Removed from the source meanwhile (a photo deleted during the copy): nothing to move.
        if (!object) continue;
        await target.put(listed.key, { stream: object.body, length: object.size }, object.contentType);
        report.copied += 1;
        report.bytes += object.size;
        onObject(listed.key, 'copied');
      } catch (error) {
        report.failed.push({
          key: listed.key,
          error: error instanceof Error ? error.message : String(error),
        });
        onObject(listed.key, 'failed');
      }
    }
  }
  return report;
}
