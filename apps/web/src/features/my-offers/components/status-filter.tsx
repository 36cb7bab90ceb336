import { useId } from 'react';
import type { OfferListStatus } from '../api/keys';
import { myOffersTexts } from '../texts';

const t = myOffersTexts.list;
export const listStatuses: readonly OfferListStatus[] = ['active', 'closed', 'all'];

/** Activas / Finalizadas / Todas: a radio group drawn as chips (arrows move between them). */
export function StatusFilter({
  value,
  onChange,
}: {
  value: OfferListStatus;
  onChange: (status: OfferListStatus) => void;
}) {
  const name = useId();
  return (
    <fieldset className="mo-filter">
      <legend className="mo-filter__legend">{t.filterLegend}</legend>
      <div className="mo-filter__options">
        {listStatuses.map((status) => (
          <label key={status} className="mo-chip">
            <input
              type="radio"
              name={name}
              value={status}
              checked={value === status}
              onChange={() => onChange(status)}
            />
            <span>{t.filters[status]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
