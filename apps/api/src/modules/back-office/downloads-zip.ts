import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import { downloadsTexts } from './downloads-texts';

/**
 * Zips streamed to the client as they are made (yazl): one entry at a time, each opened only when the
 * previous one has been written to the socket, so memory holds a few chunks whatever the total size, and
 * each file's work (a document's verification and its download-log row) happens at its turn. Entries are
 * stored, not deflated: documents (PDF, JPEG, PNG, WebP) and WebP photos are compressed already. Sizes
 * past 4 GB use ZIP64 (yazl does it by itself).
 *
 * What happens to an entry that cannot be opened: one that is gone meanwhile (a document deleted by its
 * owner) is left out; one that cannot be read (a file missing or failing its check) is left out and named
 * in a `NO INCLUIDOS.txt` at the end, and the server logs it. Anything else (the database failing) cuts
 * the answer: the client gets a broken zip, never a silently incomplete one that looks whole.
 */

/** What opening an entry gives: its bytes, or why it is left out. */
export type OpenedEntry =
  { stream: Readable } | { missing: 'gone' } | { missing: 'unreadable'; reason: string };

export interface ZipEntry {
  /** Folders and file name, each a user-given text: sanitised here. */
  path: readonly string[];
  mtime: Date;
  open(): Promise<OpenedEntry>;
}

const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;
const MAX_SEGMENT = 120;

/**
 * One folder or file name inside a zip: no separators, no '..', no control or bidirectional characters,
 * nothing Windows refuses (`<>:"|?*`, trailing dots or spaces, device names), at most 120 characters
 * with the extension kept.
 */
export function zipSegment(value: string): string {
  let name = value
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[/\\<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if (RESERVED.test(name)) name = `_${name}`;
  if ([...name].length > MAX_SEGMENT) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
    name =
      [...name.slice(0, name.length - extension.length)].slice(0, MAX_SEGMENT - extension.length).join('') +
      extension;
  }
  return name || downloadsTexts.zip.unnamed;
}

/** Paths already used in one zip: a repeated one gets ' (2)', ' (3)'... before its extension. */
export class ZipNames {
  private readonly used = new Set<string>();

  take(path: readonly string[]): string {
    const segments = path.map(zipSegment);
    const file = segments.pop() ?? downloadsTexts.zip.unnamed;
    const folder = segments.map((s) => `${s}/`).join('');
    const dot = file.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [file.slice(0, dot), file.slice(dot)] : [file, ''];
    let name = `${folder}${file}`;
    for (let n = 2; this.used.has(name.toLowerCase()); n += 1) name = `${folder}${stem} (${n})${extension}`;
    this.used.add(name.toLowerCase());
    return name;
  }
}

/** Waits until `source` has been read to its end by the zip (or destroyed: the client left). */
const written = (source: Readable): Promise<void> =>
  new Promise((resolve, reject) => {
    source.once('end', resolve);
    source.once('close', resolve);
    source.once('error', reject);
  });

/** Streams a zip of `entries`, opened one by one while the previous ones are sent. */
export function streamZip(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  log: FastifyBaseLogger,
): Readable {
  const zip = new ZipFile();
  // yazl's output is a PassThrough: a Readable the reply pipes to the socket with back-pressure.
  const output = zip.outputStream as Readable;
  let current: Readable | null = null;
  let closed = false;
  output.once('close', () => {
    closed = true;
    current?.destroy();
  });
  zip.on('error', (error: Error) => output.destroy(error));

  const produce = async () => {
    const names = new ZipNames();
    const skipped: string[] = [];
    for await (const entry of entries) {
      if (closed) return;
      const opened = await entry.open();
      if ('missing' in opened) {
        if (opened.missing === 'unreadable') {
          const name = entry.path.map(zipSegment).join('/');
          log.error({ entry: name, reason: opened.reason }, 'zip entry unreadable, left out');
          skipped.push(name);
        }
        continue;
      }
      const source = opened.stream;
      if (closed) {
        source.destroy();
        return;
      }
      current = source;
      const done = written(source);
      zip.addReadStream(source, names.take(entry.path), { mtime: entry.mtime, compress: false });
      await done;
      current = null;
    }
    if (closed) return;
    if (skipped.length > 0) {
      const text = [downloadsTexts.zip.skippedIntro, '', ...skipped.map((name) => `- ${name}`), ''].join(
        '\r\n',
      );
      zip.addBuffer(Buffer.from(text, 'utf8'), names.take([downloadsTexts.zip.skippedName]), {
        mtime: new Date(),
        compress: false,
      });
    }
    zip.end();
  };
  produce().catch((error: unknown) => {
    current?.destroy();
    log.error({ err: error }, 'zip stream failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
