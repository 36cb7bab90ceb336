import { useWatch } from 'react-hook-form';
import { formatEuros } from '@casaoferta/domain/format';
import { pricePlausibility } from '@casaoferta/domain/rules/price-bounds';
import { MoneyField } from '../../../../shared/ui/money-input';
import { isMonthlyKind } from '@casaoferta/domain/announcement-kind';
import type { AnnouncementKind } from '@casaoferta/domain/announcement-kind';
import { announcementTexts } from '../../texts';

const t = announcementTexts.form;

/**
 * The announcement's price, in whole euros (€/mes for rentals). Outside the kind's hard limits the
 * schema refuses it (the API too); a possible but rare price gets a warning under the field.
 */
export function PriceField({ kind }: { kind: AnnouncementKind }) {
  const price: unknown = useWatch({ name: 'price' });
  const monthly = isMonthlyKind(kind);
  const unusual =
    typeof price === 'number' && Number.isFinite(price) && pricePlausibility(kind, price) === 'unusual';
  return (
    <MoneyField
      name="price"
      label={t.price[kind]}
      unit={monthly ? 'euroPerMonth' : 'euro'}
      warning={unusual ? t.priceUnusual(formatEuros(price, monthly)) : undefined}
      required
    />
  );
}
