import { PDFDocument } from 'pdf-lib';
import { embedFonts } from '../../../platform/pdf-writer';
import { PageWriter } from './layout';
import { contractText, headings, pageLabel } from './texts';
import type { ContractDocumentData } from './types';

/** Who the PDF's metadata names as author and producer. */
const AUTHOR = 'Casaoferta';

/**
 * The contract's PDF to be signed (issue 13): title, REUNIDOS, EXPONEN, CLÁUSULAS, place and date, the
 * parties' signature blocks, and the inventory photos as an annex; "Página X de Y" and the contract's id
 * on every page. Deterministic for the same data (fixed metadata dates), so its SHA-256 identifies it.
 */
export async function renderContractPdf(data: ContractDocumentData): Promise<Uint8Array> {
  const text = contractText(data);
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const issued = new Date(`${data.issuedOn}T12:00:00Z`);
  doc.setTitle(`${text.title} · ${data.contractId}`, { showInWindowTitleBar: true });
  doc.setAuthor(AUTHOR);
  doc.setCreator(AUTHOR);
  doc.setProducer(AUTHOR);
  doc.setLanguage('es-ES');
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);

  const writer = new PageWriter(doc, fonts);
  writer.title(text.title, text.subtitle);
  writer.heading(headings.parties);
  for (const line of text.parties) writer.paragraph(line);
  writer.heading(headings.recitals);
  for (const line of text.recitals) writer.paragraph(line);
  writer.heading(headings.clauses);
  for (const clause of text.clauses) {
    writer.subheading(clause.title);
    for (const line of clause.paragraphs) writer.paragraph(line, { indent: /^[a-z]\) /.test(line) ? 12 : 0 });
  }
  writer.gap(6);
  for (const line of text.closing) writer.paragraph(line);
  writer.gap(10);
  for (const signature of text.signatures) {
    writer.paragraph(signature.role, { bold: true });
    writer.paragraph(signature.name);
    writer.paragraph(headings.signedElectronically, { muted: true });
    writer.gap(6);
  }

  if (data.inventoryPhotos.length > 0) {
    writer.newPage();
    writer.heading(text.annexTitle);
    writer.paragraph(text.annexIntro);
    const count = data.inventoryPhotos.length;
    for (const [i, photo] of data.inventoryPhotos.entries()) {
      await writer.photo(photo.jpeg, photo.width, photo.height, text.photoCaption(i + 1, count));
    }
  }

  writer.footers(text.footer, pageLabel);
  return doc.save();
}
