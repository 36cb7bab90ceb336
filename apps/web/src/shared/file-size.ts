import { formatNumber } from '@casaoferta/domain/format';

/** A file's size as people in Spain read it: '820 B', '245 KB', '1,4 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round(bytes / 1024))} KB`;
  return `${formatNumber(Math.round((bytes / (1024 * 1024)) * 10) / 10, true)} MB`;
}
