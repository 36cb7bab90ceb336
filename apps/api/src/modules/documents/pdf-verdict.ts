/**
 * What a PDF is to us: fine, not a readable document, encrypted, or carrying code. Apart from the reader
 * (pdf-check.ts, run in its own process) so the API imports the verdicts without pdf-lib (decision 036).
 */
export type PdfVerdict = 'ok' | 'invalid' | 'protected' | 'unsafe';
export const pdfVerdicts: readonly PdfVerdict[] = ['ok', 'invalid', 'protected', 'unsafe'];
