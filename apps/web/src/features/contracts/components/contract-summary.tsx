import { formatDayTime } from '@casaoferta/domain/format';
import type { ContractViewDto } from '@casaoferta/domain/schemas/contracts';
import { TermList } from '../../../shared/ui/term-list';
import { amountText, kindGroup, statusLabel } from '../contract-view';
import { contractsTexts } from '../texts';

const t = contractsTexts.detail.summary;

/** Parties, property, amount and where the contract stands, as both sides read it. */
export function ContractSummary({ contract }: { contract: ContractViewDto }) {
  const group = kindGroup(contract.kind);
  const when = (iso: string | null) => (iso ? formatDayTime(iso) : t.notYet);
  const place = contract.municipality ? `${contract.title} · ${contract.municipality}` : contract.title;
  const rows: [string, string][] = [
    [t.kind, contractsTexts.kinds[contract.kind]],
    [t.status, statusLabel(contract.statusCode)],
    [t.property, place],
    [t.amount, amountText(contract.kind, contract.amount)],
    [t.owner[group], contract.ownerName],
    [t.tenant[group], contract.tenantName],
    [t.ownerSent, when(contract.ownerSentAt)],
    [t.tenantSent, when(contract.tenantSentAt)],
    [t.sentToSign, when(contract.sentToSignAt)],
  ];
  if (contract.signedAt) rows.push([t.signedAt, formatDayTime(contract.signedAt)]);
  return (
    <section className="ctr-section stack" aria-labelledby="ctr-summary">
      <h2 id="ctr-summary">{contractsTexts.detail.summaryTitle}</h2>
      <TermList rows={rows} className="ctr-facts" />
    </section>
  );
}
