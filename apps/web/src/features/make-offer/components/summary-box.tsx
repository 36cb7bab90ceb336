import { formatEuros } from '@casaoferta/domain/format';
import { isRental } from '@casaoferta/domain/codes';
import type { MyOffer } from '@casaoferta/domain/schemas/offers';
import { isVisitRequest, type OfferFormValues, type OfferSubject } from '../offer-form';
import { makeOfferTexts } from '../texts';

const t = makeOfferTexts;

/** SPEC 2.5's blue box: the announcement, its place and the amount being offered (or the visit's note). */
export function SummaryBox({ subject, values }: { subject: OfferSubject; values: OfferFormValues }) {
  const visit = isVisitRequest(subject);
  return (
    <section className="offer-summary" aria-label={t.summary.label}>
      {visit && <p className="offer-summary__lead">{t.summary.visitTitle}</p>}
      <p className="offer-summary__title">{subject.title}</p>
      {subject.place && <p className="offer-summary__place">{subject.place}</p>}
      {visit ? (
        <p className="offer-summary__note">{t.summary.visitBody}</p>
      ) : (
        <p className="offer-summary__amount">
          {t.summary.offer(formatEuros(values.amount, isRental(subject.typeCode)))}
        </p>
      )}
    </section>
  );
}

/** The reference price, or the highest offer once there is one, and my own current offer (SPEC 2.3). */
export function PriceFacts({ subject, own }: { subject: OfferSubject; own: MyOffer | null }) {
  const perMonth = isRental(subject.typeCode);
  const highest = subject.highestOffer;
  return (
    <dl className="offer-prices">
      <div>
        <dt>{highest === null ? t.prices.reference : t.prices.highestOffer}</dt>
        <dd>{formatEuros(highest ?? subject.price, perMonth)}</dd>
      </div>
      {own && (
        <div>
          <dt>{t.prices.yourOffer}</dt>
          <dd>{formatEuros(own.amount, perMonth)}</dd>
        </div>
      )}
    </dl>
  );
}
