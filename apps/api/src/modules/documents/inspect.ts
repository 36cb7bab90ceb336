import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import pLimit from 'p-limit';
import { DomainError } from '../../platform/errors';
import { fromBuild, pdfWorkerEntry } from '../../runtime-paths';
import { pdfVerdicts, type PdfVerdict } from './pdf-verdict';

/** The largest document kept: 10 MB (the multipart limit stops a larger one while it arrives). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** What a document is by its content (the declared type and the file name are never trusted). */
export const documentTypes = {
  pdf: { contentType: 'application/pdf', extensions: ['pdf'] },
  jpeg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  png: { contentType: 'image/png', extensions: ['png'] },
  webp: { contentType: 'image/webp', extensions: ['webp'] },
} as const;
export type DocumentType = keyof typeof documentTypes;

/** The type of `bytes` from its magic bytes: PDF, JPEG, PNG or WebP; null for anything else. */
export function sniffDocumentType(bytes: Buffer): DocumentType | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes.subarray(0, 3).toString('hex') === 'ffd8ff') return 'jpeg';
  if (bytes.subarray(0, 8).toString('hex') === '89504e470d0a1a0a') return 'png';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

/** How long one PDF may take to read before it counts as unreadable (a real 10 MB file takes a second or two). */
export const PDF_INSPECTION_MS = 15_000;

/**
 * The child's node flags: from the build (`npm start`) its entry is compiled JavaScript and needs none;
 * from the TypeScript source (`npm run dev`, the tests) it runs through tsx's loader, the API's own.
 */
const childLoader: string[] = fromBuild
  ? []
  : ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href];

/**
 * Reads a PDF in a process of its own: a crafted file (a compression bomb in an object stream, which
 * pdf-lib would inflate whole) costs at most `timeoutMs` and 256 MB of that process, then it is killed
 * and the file counts as 'invalid'; whatever happens to it (out of memory, a crash in V8 itself) cannot
 * end the API. A worker thread could: ending one while V8 still compiled for it aborted the whole
 * process (`NodePlatform::ForIsolate`, seen in CI). A child that cannot start is a server fault
 * (rejects), never the caller's; one that dies after it started reading is the file's ('invalid').
 */
export function classifyPdfIsolated(bytes: Uint8Array, timeoutMs = PDF_INSPECTION_MS): Promise<PdfVerdict> {
  return new Promise((resolve, reject) => {
    const child = fork(pdfWorkerEntry, [], {
      execArgv: [...childLoader, '--max-old-space-size=256'],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let started = false;
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2_000);
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      outcome();
    };
    const timer = setTimeout(() => settle(() => resolve('invalid')), timeoutMs);
    child.on('message', (message: unknown) => {
      if (message === 'ready' && !started) {
        started = true;
        child.send(bytes);
        return;
      }
      settle(() => resolve(pdfVerdicts.find((verdict) => verdict === message) ?? 'invalid'));
    });
    child.once('error', (error) => settle(() => reject(error)));
    child.once('exit', (code, signal) =>
      settle(() =>
        started
          ? resolve('invalid')
          : reject(
              new Error(`PDF inspection process ended (${signal ?? code}) before it started: ${stderr}`),
            ),
      ),
    );
  });
}

const verdictErrors = {
  invalid: 'DOCUMENT_INVALID',
  protected: 'DOCUMENT_PROTECTED',
  unsafe: 'DOCUMENT_UNSAFE',
} as const;

/**
 * Two PDF inspections at a time for the whole process: each holds a process and its memory for a while;
 * uploads wait their turn here (and each user's rate is limited on the route).
 */
const inspectionQueue = pLimit(2);

export interface InspectedDocument {
  type: DocumentType;
  contentType: string;
}

/** The document's type by content, with a PDF read whole; throws the DomainError the upload deserves. */
export async function inspectDocument(bytes: Buffer): Promise<InspectedDocument> {
  if (bytes.length === 0) throw new DomainError('DOCUMENT_EMPTY', 'file');
  if (bytes.length > MAX_DOCUMENT_BYTES) throw new DomainError('DOCUMENT_TOO_LARGE', 'file');
  const type = sniffDocumentType(bytes);
  if (!type) throw new DomainError('DOCUMENT_INVALID', 'file');
  if (type === 'pdf') {
    const verdict = await inspectionQueue(() => classifyPdfIsolated(bytes));
    if (verdict !== 'ok') throw new DomainError(verdictErrors[verdict], 'file');
  }
  return { type, contentType: documentTypes[type].contentType };
}

const MAX_NAME_LENGTH = 120;
/** Control characters, invisible formatting ones (bidirectional overrides) and unpaired surrogates. */
const UNSHOWABLE = /\p{Cc}|\p{Cf}|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

/**
 * The name a document is shown and downloaded with: the uploaded file's base name (no folders), without
 * control or invisible formatting characters (a right-to-left override can make "fdp.exe" read
 * "exe.pdf"), spaces collapsed, at most 120 characters, and ending in the extension of what the file
 * really is. It is never used on disk.
 */
export function displayFileName(original: string | undefined, type: DocumentType): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(UNSHOWABLE, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const { extensions } = documentTypes[type];
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? cleaned.slice(dot + 1).toLowerCase() : '';
  const stem = (extensions as readonly string[]).includes(extension) ? cleaned.slice(0, dot) : cleaned;
  const suffix = `.${(extensions as readonly string[]).includes(extension) ? extension : extensions[0]}`;
  const room = MAX_NAME_LENGTH - suffix.length;
  const shortStem = [...stem].slice(0, room).join('').trim();
  return `${shortStem || 'documento'}${suffix}`;
}
