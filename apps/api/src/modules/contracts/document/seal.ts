import { createHash, createPrivateKey, createSign } from 'node:crypto';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import { embedFonts } from '../../../platform/pdf-writer';
import { PageWriter } from './layout';
import { sha256Hex } from './digest';
import { loadP12 } from './signer';
import { madridDateTime, sealTexts } from './texts';
import type { ContractSigner, SignatureRecord } from './types';

/**
 * The signed contract (decision 023): the unsigned PDF the parties signed, plus a signature page (each
 * party's name, NIF, time in Madrid, IP and the SHA-256 of the document they signed; the platform and its
 * certificate), sealed as a whole with a PAdES baseline B signature (`/SubFilter /ETSI.CAdES.detached`)
 * of the platform's certificate. Any PDF reader shows the signature and whether the file changed since.
 */

const { asn1 } = forge;
type Asn1 = forge.asn1.Asn1;

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
} as const;

/** Room for the CMS signature in the file: 24 KB, enough for a certificate chain of a few levels. */
const SIGNATURE_BYTES = 24_576;

const oid = (id: string): Asn1 =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
const sequence = (items: Asn1[]): Asn1 => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const octets = (bytes: Buffer): Asn1 =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes.toString('binary'));
const integer = (value: number): Asn1 =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const nullValue = (): Asn1 => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '');
const der = (node: Asn1): Buffer => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const algorithm = (id: string): Asn1 => sequence([oid(id), nullValue()]);

/** A DER SET OF: its elements sorted by their encoding (X.690 11.6). */
function setOf(items: Asn1[], tagClass = asn1.Class.UNIVERSAL, tag: number = asn1.Type.SET): Asn1 {
  const sorted = items
    .map((item) => ({ item, bytes: der(item) }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .map(({ item }) => item);
  return asn1.create(tagClass, tag, true, sorted);
}

const attribute = (type: string, value: Asn1): Asn1 => sequence([oid(type), setOf([value])]);

/** The issuer and serial number of a certificate, in their original encoding. */
function issuerAndSerial(certificateDer: Buffer): Asn1 {
  const parsed = asn1.fromDer(certificateDer.toString('binary'));
  const tbs = (parsed.value as Asn1[])[0];
  const fields = (tbs?.value ?? []) as Asn1[];
  const offset = fields[0]?.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  const serial = fields[offset];
  const issuer = fields[offset + 2];
  if (!serial || !issuer) throw new Error('sealContract: unreadable certificate');
  return sequence([issuer, serial]);
}

/**
 * A CAdES-detached signer for @signpdf (its P12Signer writes the adbe.pkcs7.detached attributes: a
 * signing time and no signing certificate). Signed attributes, as PAdES baseline B asks: content type,
 * message digest and ESS signing-certificate-v2 (the SHA-256 of the signing certificate); no
 * signing-time attribute (the time is the signature dictionary's /M). RSA with SHA-256.
 */
export class CadesSigner extends Signer {
  constructor(private readonly signer: ContractSigner) {
    super();
  }

  override async sign(content: Buffer): Promise<Buffer> {
    const { key, chain } = loadP12(this.signer.p12, this.signer.password);
    const certificates = chain.map((cert) => der(forge.pki.certificateToAsn1(cert)));
    const [own] = certificates;
    if (!own) throw new Error('sealContract: no signing certificate');
    const digest = createHash('sha256').update(content).digest();
    const certificateHash = createHash('sha256').update(own).digest();
    const signedAttributes = [
      attribute(OID.contentType, oid(OID.data)),
      attribute(OID.messageDigest, octets(digest)),
      // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; ESSCertIDv2's hash
      // algorithm is SHA-256 by default, so left out.
      attribute(OID.signingCertificateV2, sequence([sequence([sequence([octets(certificateHash)])])])),
    ];
    // What is signed is the attributes' DER as a SET; the SignerInfo carries them as [0] IMPLICIT.
    const toSign = der(setOf(signedAttributes));
    const privateKey = createPrivateKey(forge.pki.privateKeyToPem(key));
    const signature = createSign('sha256').update(toSign).sign(privateKey);
    const signerInfo = sequence([
      integer(1),
      issuerAndSerial(own),
      algorithm(OID.sha256),
      setOf(signedAttributes, asn1.Class.CONTEXT_SPECIFIC, 0),
      algorithm(OID.rsaEncryption),
      octets(signature),
    ]);
    const signedData = sequence([
      integer(1),
      setOf([algorithm(OID.sha256)]),
      sequence([oid(OID.data)]),
      asn1.create(
        asn1.Class.CONTEXT_SPECIFIC,
        0,
        true,
        certificates.map((bytes) => asn1.fromDer(bytes.toString('binary'))),
      ),
      setOf([signerInfo]),
    ]);
    const contentInfo = sequence([
      oid(OID.signedData),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData]),
    ]);
    return der(contentInfo);
  }
}

export { sha256Hex };

/**
 * Appends the signature page to the unsigned contract and seals the whole file with the platform's
 * certificate. Throws when `sha256` is not the unsigned document's (the parties signed another one).
 */
export async function sealContract(
  input: { unsigned: Uint8Array; sha256: string; contractId: string; signatures: SignatureRecord[] },
  signer: ContractSigner,
  now = new Date(),
): Promise<Uint8Array> {
  if (sha256Hex(input.unsigned) !== input.sha256.toLowerCase()) {
    throw new Error(`sealContract: the document of contract ${input.contractId} is not the one signed`);
  }
  const doc = await PDFDocument.load(input.unsigned);
  const fonts = await embedFonts(doc);
  doc.setModificationDate(now);
  const writer = new PageWriter(doc, fonts);
  writer.title(sealTexts.title, [input.contractId]);
  writer.paragraph(sealTexts.intro(input.contractId));
  writer.fields([[sealTexts.documentHash, input.sha256]]);
  const ordered = [...input.signatures].sort((a, b) =>
    a.party === b.party ? 0 : a.party === 'owner' ? -1 : 1,
  );
  for (const signature of ordered) {
    writer.heading(sealTexts.party[signature.party]);
    writer.fields([
      [sealTexts.name, signature.fullName],
      [sealTexts.nif, signature.nif],
      [sealTexts.signedAt, madridDateTime(signature.signedAt)],
      [sealTexts.ip, signature.ip],
      [sealTexts.signedDocument, input.sha256],
    ]);
  }
  writer.heading(sealTexts.sealHeading);
  writer.fields([
    [sealTexts.platform, sealTexts.platformName],
    [sealTexts.certificate, signer.subject],
  ]);
  writer.paragraph(sealTexts.sealText(signer.subject));
  writer.footers(sealTexts.footer(input.contractId), () => '');

  const lastPage = writer.pages[writer.pages.length - 1];
  if (!lastPage) throw new Error('sealContract: no signature page');
  pdflibAddPlaceholder({
    pdfPage: lastPage,
    reason: sealTexts.signatureReason,
    contactInfo: sealTexts.signatureContact,
    name: sealTexts.platformName,
    location: sealTexts.signatureLocation,
    signingTime: now,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    signatureLength: SIGNATURE_BYTES,
    appName: sealTexts.platformName,
  });
  const prepared = await doc.save({ useObjectStreams: false });
  const signed = await new SignPdf().sign(Buffer.from(prepared), new CadesSigner(signer), now);
  return new Uint8Array(signed.buffer, signed.byteOffset, signed.byteLength);
}
