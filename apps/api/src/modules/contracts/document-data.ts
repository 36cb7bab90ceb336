import { asc, eq } from 'drizzle-orm';
import { contractAttributes } from '@casaoferta/domain/masters/offer-contract';
import { propertyAttributes } from '@casaoferta/domain/masters/property';
import { OfferPaymentType } from '@casaoferta/domain/codes';
import type { ContractPartyDataDto } from '@casaoferta/domain/schemas/contracts';
import type { Db } from '../../db/client';
import { contractImages, offers, properties } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { announcementTitle } from '../offers/views';
import type { ContractDocumentData, ContractParty } from './document/types';
import { readObject, storageKeys, type ObjectStore } from '../../platform/storage/index';
import { madridToday } from '@casaoferta/domain/rules/tenant-profile';
import { announcementOf, contractKindOf, ownerDataOf, tenantDataOf, type ContractRow } from './store';
import { ArrasType } from '@casaoferta/domain/rules/arras';

const labelOf = (list: readonly { code: string; label: string }[], code: string | null): string | null =>
  (code && list.find((item) => item.code === code)?.label) || null;

const partyOf = (data: ContractPartyDataDto): ContractParty => ({
  fullName: `${data.name} ${data.surname}`,
  nif: data.nif,
  address: data.address,
  email: data.email,
  phone: data.phone,
});

/**
 * Everything the contract's PDF is rendered from: both parties' sent data, the owner's terms, the
 * property's address and figures, the labels of the chosen master codes, the inventory photos.
 */
export async function contractDocumentData(
  db: Db,
  store: ObjectStore,
  contract: ContractRow,
): Promise<ContractDocumentData> {
  const owner = ownerDataOf(contract);
  const tenant = tenantDataOf(contract);
  if (!owner || !tenant) throw new DomainError('CONTRACT_DATA_MISSING');
  const announcement = await announcementOf(db, contract);
  const [property] = await db.select().from(properties).where(eq(properties.id, announcement.propertyId));
  if (!property) throw new DomainError('NOT_FOUND');
  const [offer] = await db.select().from(offers).where(eq(offers.id, contract.offerId));
  const attributes = contractAttributes();
  const floor = labelOf(propertyAttributes().floors, property.floorCode);
  const street = [property.street, property.streetNumber].filter(Boolean).join(', ');
  const address = [street, floor, property.door ? `puerta ${property.door}` : null]
    .filter(Boolean)
    .join(', ');
  const kind = contractKindOf(contract.typeCode);
  const rental = owner.rental;
  const sale = owner.sale;
  const photos = await db
    .select()
    .from(contractImages)
    .where(eq(contractImages.contractId, contract.id))
    .orderBy(asc(contractImages.createdAt), asc(contractImages.id));
  const inventoryPhotos = await Promise.all(
    photos.map(async (photo) => {
      const jpeg = await readObject(store, storageKeys.contractImage(photo.storageKey));
      if (!jpeg) throw new Error(`contract image ${photo.storageKey} missing from the store`);
      return { jpeg: new Uint8Array(jpeg), width: photo.width, height: photo.height };
    }),
  );
  const municipality = announcement.municipalityName ?? '';
  return {
    contractId: contract.id,
    kind,
    place: municipality,
    issuedOn: madridToday(),
    owner: partyOf(owner.party),
    tenant: partyOf(tenant.party),
    property: {
      address,
      municipality,
      province: announcement.provinceName ?? '',
      postalCode: property.postalCode,
      cadastralReference: null,
      surfaceM2: property.surfaceM2,
      rooms: property.rooms,
      roomName: kind === 'room_rental' ? announcementTitle(announcement) : null,
    },
    amount: contract.amount,
    rental:
      kind !== 'sale' && rental
        ? {
            startDate: rental.startDate,
            durationMonths: rental.durationMonths,
            depositMonths: rental.depositMonths,
            guaranteeMonths: rental.guaranteeMonths,
            paymentDay: rental.paymentDay,
            paymentMethod: labelOf(attributes.paymentTypes, rental.paymentTypeCode) ?? rental.paymentTypeCode,
            iban: rental.iban,
            furnished: announcement.furnished,
            petsAllowed: announcement.petsAllowed || rental.conditionCodes.includes('CCO004'),
          }
        : null,
    sale:
      kind === 'sale' && sale
        ? {
            arrasTypeCode: sale.arrasTypeCode ?? ArrasType.Penitential,
            arrasAmount: sale.arrasAmount,
            deedDeadline: sale.deedDeadline,
            paymentType: offer?.paymentType === OfferPaymentType.Mortgage ? 'mortgage' : 'cash',
            mortgageAmount:
              offer?.paymentType === OfferPaymentType.Mortgage ? (offer.mortgageAmount ?? null) : null,
            iban: sale.iban,
          }
        : null,
    conditions: (rental?.conditionCodes ?? sale?.conditionCodes ?? []).flatMap((code) => {
      const label = labelOf(attributes.conditions, code);
      return label ? [label] : [];
    }),
    inventoryPhotos,
  };
}
