import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, type PDFObject } from 'pdf-lib';
import type { PdfVerdict } from './pdf-verdict';

/** Action types that run something: scripts, programs, or an import of data into the reader. */
const runningActions = new Set(['JavaScript', 'Launch', 'ImportData', 'RichMediaExecute']);
/** Keys that carry scripts: an action's /JS, the name tree of document scripts, XFA forms (scripted). */
const scriptKeys = ['JS', 'JavaScript', 'XFA'].map((key) => PDFName.of(key));
const actionType = PDFName.of('S');

/**
 * Whether an object, or anything written inside it (not through references: those are visited on their
 * own), runs code. Nesting deeper than any real document needs counts as code.
 */
function runsCode(object: PDFObject, depth = 0): boolean {
  if (depth > 64) return true;
  const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
  if (dict) {
    if (scriptKeys.some((key) => dict.has(key))) return true;
    const kind = dict.get(actionType);
    if (kind instanceof PDFName && runningActions.has(kind.decodeText())) return true;
    return dict.values().some((value) => runsCode(value, depth + 1));
  }
  if (object instanceof PDFArray) return object.asArray().some((value) => runsCode(value, depth + 1));
  return false;
}

/**
 * Reads a PDF with pdf-lib: every object, those packed in compressed object streams included, names
 * decoded (`/J#53` is `/JS`). Encrypted or password-protected → 'protected' (its objects cannot be
 * inspected either); scripts or actions that run programs anywhere → 'unsafe'; not a document with
 * pages → 'invalid'.
 */
export async function classifyPdf(bytes: Uint8Array): Promise<PdfVerdict> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
    });
    if (document.getPageCount() < 1) return 'invalid';
  } catch {
    return 'invalid';
  }
  if (document.isEncrypted) return 'protected';
  const { context } = document;
  const trailer = Object.values(context.trailerInfo).filter(
    (value): value is PDFObject => value !== undefined,
  );
  const objects = [...context.enumerateIndirectObjects().map(([, object]) => object), ...trailer];
  return objects.some((object) => runsCode(object)) ? 'unsafe' : 'ok';
}
