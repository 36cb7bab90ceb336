import type { OwnerContractDataDto } from '@casaoferta/domain/schemas/contracts';
import { formatEuros, formatLongDate, formatNumber } from '@casaoferta/domain/format';
import { TermList } from '../../../shared/ui/term-list';
import { conditionLabel, paymentTypeLabel } from '../contract-view';
import { contractsTexts } from '../texts';

const t = contractsTexts.form;

/** A calendar day (YYYY-MM-DD) as people in Spain write it: '1 de febrero de 2027'. */
const day = (date: string) => formatLongDate(new Date(`${date}T12:00:00Z`));

/** The data my side sent (read only, once frozen). */
export function MyTerms({
  data,
}: {
  data: Partial<Pick<OwnerContractDataDto, 'rental' | 'sale'>> & Pick<OwnerContractDataDto, 'party'>;
}) {
  const { party, rental, sale } = data;
  const rows: [string, string][] = [
    [t.name, `${party.name} ${party.surname}`],
    [t.nif, party.nif],
    [t.address, party.address],
    [t.email, party.email ?? '-'],
    [t.phone, party.phone],
  ];
  if (rental) {
    rows.push(
      [t.startDate, day(rental.startDate)],
      [t.durationMonths, formatNumber(rental.durationMonths)],
      [t.depositMonths, formatNumber(rental.depositMonths)],
      [t.guaranteeMonths, formatNumber(rental.guaranteeMonths)],
      [t.paymentDay, formatNumber(rental.paymentDay)],
      [t.paymentType, paymentTypeLabel(rental.paymentTypeCode)],
      [t.iban, rental.iban ?? '-'],
      [t.conditions, rental.conditionCodes.map(conditionLabel).join('; ') || '-'],
    );
  }
  if (sale) {
    rows.push(
      [t.arrasAmount, formatEuros(sale.arrasAmount)],
      [t.deedDeadline, day(sale.deedDeadline)],
      [t.iban, sale.iban ?? '-'],
      [t.conditions, sale.conditionCodes.map(conditionLabel).join('; ') || '-'],
    );
  }
  return <TermList rows={rows} className="ctr-facts" />;
}
