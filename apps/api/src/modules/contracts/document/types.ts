import type { ArrasTypeCode } from '@casaoferta/domain/rules/arras';
/**
 * What the contract's PDF is rendered from (issue 13): every clause is filled from these values, so
 * nothing here is optional unless the clause it feeds is optional too. Amounts are whole euros; dates
 * are ISO calendar dates (YYYY-MM-DD) shown in Spanish.
 */
export interface ContractParty {
  /** Name and surnames as they appear on the identity document. */
  fullName: string;
  /** DNI, NIE or NIF, uppercase. */
  nif: string;
  /** Address for notices (street, number, postcode, town). */
  address: string;
  email: string | null;
  /** E.164, shown in Spanish format. */
  phone: string;
}

export interface ContractProperty {
  /** Street address of the home (or of the home the room is in). */
  address: string;
  municipality: string;
  province: string;
  postalCode: string | null;
  cadastralReference: string | null;
  surfaceM2: number | null;
  rooms: number | null;
  /** For a room rental: which room (the announcement's title). */
  roomName: string | null;
}

export interface RentalTerms {
  startDate: string;
  durationMonths: number;
  /** Legal deposit (fianza): one month for a home, as the LAU sets; the months the owner chose otherwise. */
  depositMonths: number;
  /** Additional guarantee (garantía adicional), 0 when none. */
  guaranteeMonths: number;
  /** Day of the month the rent is due (1-10). */
  paymentDay: number;
  /** How the rent is paid: a label of master `contractAttributes.paymentTypes`. */
  paymentMethod: string;
  /** Where the rent is paid, when by transfer or direct debit. */
  iban: string | null;
  furnished: boolean;
  petsAllowed: boolean;
}

export interface SaleTerms {
  /** The arras' kind, as the announcement stated them and the buyer accepted (rules/arras.ts). */
  arrasTypeCode: ArrasTypeCode;
  /** Arras paid at signing. */
  arrasAmount: number;
  /** Last day to sign the public deed before a notary. */
  deedDeadline: string;
  paymentType: 'cash' | 'mortgage';
  mortgageAmount: number | null;
  /** Where the arras are paid. */
  iban: string | null;
}

export interface ContractDocumentData {
  contractId: string;
  kind: 'rental' | 'room_rental' | 'sale';
  /** Town where the contract is signed (the property's municipality). */
  place: string;
  /** Day the document is issued to be signed. */
  issuedOn: string;
  owner: ContractParty;
  /** The tenant for rentals, the buyer for sales. */
  tenant: ContractParty;
  property: ContractProperty;
  /** Monthly rent, or the sale price. */
  amount: number;
  rental: RentalTerms | null;
  sale: SaleTerms | null;
  /** Labels of the extra clauses chosen (master `contractAttributes.conditions`). */
  conditions: string[];
  /** Inventory photos attached as an annex (JPEG bytes), in upload order. */
  inventoryPhotos: { jpeg: Uint8Array; width: number; height: number }[];
}

/** One party's signature as recorded when they signed in the product. */
export interface SignatureRecord {
  party: 'owner' | 'tenant';
  fullName: string;
  nif: string;
  signedAt: Date;
  ip: string;
}

/** The platform's certificate that seals signed contracts (`signer.ts`). */
export interface ContractSigner {
  /** PKCS#12 with an RSA private key and its certificate (and optionally its chain). */
  p12: Buffer;
  password: string;
  /** The certificate's subject as readers show it, e.g. "CN=Casaoferta (desarrollo), O=Casaoferta, C=ES". */
  subject: string;
}
