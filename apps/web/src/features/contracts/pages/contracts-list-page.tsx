import { Link } from 'react-router';
import type { ContractSummaryDto } from '@casaoferta/domain/schemas/contracts';
import { QueryProvider } from '../../../shared/api/query-client';
import { paths } from '../../../shared/paths';
import { buttonClassName } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { useContracts } from '../api/queries';
import { amountText, isMyTurn, roleLabel, statusLabel } from '../contract-view';
import { contractsTexts } from '../texts';
import '../contracts.css';

const t = contractsTexts.list;

function ContractCard({ contract }: { contract: ContractSummaryDto }) {
  return (
    <li className="card ctr-card stack">
      <div className="ctr-card__head">
        <h2 className="ctr-card__title">
          <Link to={paths.contract(contract.id)}>{contract.title}</Link>
        </h2>
        {isMyTurn(contract) && <span className="badge ctr-badge--turn">{contractsTexts.yourTurn}</span>}
      </div>
      {contract.municipality && <p className="muted text-sm">{contract.municipality}</p>}
      <dl className="ctr-facts">
        <div>
          <dt>{t.role}</dt>
          <dd>{roleLabel(contract.kind, contract.role)}</dd>
        </div>
        <div>
          <dt>{t.status}</dt>
          <dd>{statusLabel(contract.statusCode)}</dd>
        </div>
        <div>
          <dt>{t.amount}</dt>
          <dd>{amountText(contract.kind, contract.amount)}</dd>
        </div>
      </dl>
      <p className="muted text-sm">{t.with(contract.counterpartName)}</p>
    </li>
  );
}

function ContractsList() {
  const query = useContracts();
  if (query.isPending) return <Spinner block />;
  if (query.isError) return <ErrorState title={t.loadErrorTitle} onRetry={() => void query.refetch()} />;
  const items = query.data.items;
  if (items.length === 0) {
    return (
      <EmptyState
        title={t.emptyTitle}
        description={t.emptyText}
        action={
          <div className="cluster">
            <Link className={buttonClassName('primary')} to={paths.myOffers}>
              {t.toOffers}
            </Link>
            <Link className={buttonClassName('secondary')} to={paths.announcementList}>
              {t.toAnnouncements}
            </Link>
          </div>
        }
      />
    );
  }
  return (
    <ul className="plain-list ctr-list" aria-label={t.listLabel}>
      {items.map((contract) => (
        <ContractCard key={contract.id} contract={contract} />
      ))}
    </ul>
  );
}

/** /contracts-list 'Mis contratos': my contracts as owner and as tenant, with whose turn it is. */
export default function ContractsListPage() {
  useDocumentTitle(t.documentTitle);
  return (
    <QueryProvider>
      <div className="page stack">
        <header className="stack ctr-header">
          <h1 className="section__title ctr-title">{t.title}</h1>
          <p className="muted">{t.intro}</p>
        </header>
        <ContractsList />
      </div>
    </QueryProvider>
  );
}
