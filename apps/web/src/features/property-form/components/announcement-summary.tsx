import { isRental } from '@casaoferta/domain/codes';
import { formatEuros } from '@casaoferta/domain/format';
import { announcementOfferTypeLabels, announcementTypeLabels } from '@casaoferta/domain/masters/announcement';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import { propertyFormTexts } from '../texts';
import { PropertyFacts } from './property-facts';

const t = propertyFormTexts.publication;

const labelOf = (labels: Readonly<Record<string, string>>, code: string) => labels[code] ?? code;

/** Kind, price (€/mes for rentals), offer type and reference of the announcement. */
export function AnnouncementSummary({ announcement }: { announcement: OwnerAnnouncement }) {
  const rows = [
    { label: t.kind, value: labelOf(announcementTypeLabels, announcement.typeCode) },
    { label: t.price, value: formatEuros(announcement.price, isRental(announcement.typeCode)) },
    { label: t.offerType, value: labelOf(announcementOfferTypeLabels, announcement.offerTypeCode) },
    { label: t.reference, value: announcement.reference },
  ];
  return (
    <section className="card card--flat stack" aria-labelledby="announcement-summary-title">
      <h2 id="announcement-summary-title" className="card__title">
        {t.announcement}
      </h2>
      <p className="property-publication__title">{announcement.title}</p>
      <PropertyFacts rows={rows} />
    </section>
  );
}
