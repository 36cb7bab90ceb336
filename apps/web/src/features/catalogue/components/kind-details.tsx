import type { PropertyPage } from '@casaoferta/domain/schemas/listings';
import { AnnouncementType, isSale } from '@casaoferta/domain/codes';
import { formatEuros, formatNumber } from '@casaoferta/domain/format';
import { arrasOf, arrasShare, arrasTypeLabels } from '@casaoferta/domain/rules/arras';
import { labelFor } from '../labels';
import { propertyTexts } from '../property-texts';
import { FactList } from './facts';
import type { Fact } from './facts';

type Announcement = NonNullable<PropertyPage['announcement']>;
const t = propertyTexts.details;

// `details` is free-form JSON: each value is read with its expected type, anything else is skipped.
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const yesNo = (value: unknown) => (typeof value === 'boolean' ? (value ? t.yes : t.no) : undefined);
const labels = (value: unknown) =>
  Array.isArray(value)
    ? value
        .map((code) => labelFor(code))
        .filter((label) => label !== undefined)
        .join(', ') || undefined
    : undefined;

const longDate = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'UTC' });
function date(value: string | null): string | undefined {
  if (!value) return undefined;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? value : longDate.format(parsed);
}

function saleFacts(d: Record<string, unknown>, price: number | null): Fact[] {
  const fees = num(d.communityFees);
  const ibi = num(d.ibi);
  // The arras the seller asks for (issue 23): "Arras penitenciales · 10 % del precio (24.500 €)".
  const arras = arrasOf(d);
  return [
    { label: t.communityFees, value: fees === undefined ? undefined : formatEuros(fees, true) },
    { label: t.ibi, value: ibi === undefined ? undefined : t.perYear(formatEuros(ibi)) },
    ...(arras ? [{ label: arrasTypeLabels[arras.typeCode], value: arrasShare(arras, price) }] : []),
  ];
}

function rentalFacts(a: Announcement): Fact[] {
  const d = a.details;
  return [
    { label: t.deposit, value: labelFor(d.depositCode) },
    { label: t.warranty, value: labelFor(d.warrantyMonthsCode) },
    { label: t.contractDuration, value: labelFor(d.contractDurationCode) },
    { label: t.registration, value: labelFor(d.registrationCode) },
    { label: t.pets, value: a.petsAllowed ? t.petsYes : t.petsNo },
    { label: t.furnished, value: yesNo(a.furnished) },
    { label: t.availableFrom, value: date(a.availableFrom) },
  ];
}

function roomFacts(d: Record<string, unknown>): Fact[] {
  const cohabitants = num(d.cohabitants);
  return [
    { label: t.roomType, value: labelFor(d.roomTypeCode) },
    { label: t.bedType, value: labelFor(d.bedTypeCode) },
    { label: t.windowType, value: labelFor(d.windowTypeCode) },
    { label: t.cohabitants, value: cohabitants === undefined ? undefined : formatNumber(cohabitants) },
    { label: t.genderPreference, value: labelFor(d.genderPreferenceCode) },
    { label: t.lifestyle, value: labels(d.lifestyleCodes) },
    { label: t.expensesIncluded, value: yesNo(d.expensesIncluded) },
  ];
}

function Section({ title, facts }: { title: string; facts: Fact[] }) {
  if (!facts.some((fact) => fact.value)) return null;
  return (
    <section className="property__section">
      <h2 className="property__heading">{title}</h2>
      <FactList facts={facts} />
    </section>
  );
}

/** Details by kind: sale costs; rental conditions; for a room, also the room and the household. */
export function KindDetails({ announcement }: { announcement: Announcement }) {
  const s = propertyTexts.sections;
  if (isSale(announcement.typeCode))
    return <Section title={s.sale} facts={saleFacts(announcement.details, announcement.price)} />;
  return (
    <>
      {announcement.typeCode === AnnouncementType.RoomRental && (
        <Section title={s.room} facts={roomFacts(announcement.details)} />
      )}
      <Section title={s.rental} facts={rentalFacts(announcement)} />
    </>
  );
}
