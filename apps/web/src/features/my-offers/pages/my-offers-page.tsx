import { useSearchParams } from 'react-router';
import { QueryProvider } from '../../../shared/api/query-client';
import { Tabs } from '../../../shared/ui/tabs';
import { useDocumentTitle } from '../../../shared/use-document-title';
import type { OfferListKind, OfferListStatus } from '../api/keys';
import { NewOutcomes } from '../components/new-outcomes';
import { OfferList } from '../components/offer-list';
import { listStatuses, StatusFilter } from '../components/status-filter';
import { myOffersTexts } from '../texts';
import '../my-offers.css';

const t = myOffersTexts.list;

const kinds: readonly OfferListKind[] = ['rental', 'sale'];
/** Names of the tab and the filter in the URL (?tab=venta&estado=finalizadas). */
const kindSlugs: Readonly<Record<OfferListKind, string>> = { rental: 'alquiler', sale: 'venta' };
const statusSlugs: Readonly<Record<OfferListStatus, string>> = {
  active: 'activas',
  closed: 'finalizadas',
  all: 'todas',
};

const kindOfSlug = (slug: string | null): OfferListKind =>
  kinds.find((kind) => kindSlugs[kind] === slug) ?? 'rental';
const statusOfSlug = (slug: string | null): OfferListStatus =>
  listStatuses.find((status) => statusSlugs[status] === slug) ?? 'active';

/**
 * /my-offers 'Ofertas realizadas': first the owners' decisions I have not opened yet (NewOutcomes), then
 * my offers and visit requests, Alquiler / Venta, filtered by Activas / Finalizadas / Todas. Both
 * choices live in the URL, so a reload and Back keep them.
 */
function MyOffers() {
  const [search, setSearch] = useSearchParams();
  const kind = kindOfSlug(search.get('tab'));
  const status = statusOfSlug(search.get('estado'));
  const update = (name: 'tab' | 'estado', value: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const items = kinds.map((item) => ({
    id: item,
    label: t.tabs[item],
    content: (
      <div className="stack mo-panel">
        <StatusFilter value={status} onChange={(value) => update('estado', statusSlugs[value])} />
        <OfferList kind={item} status={status} />
      </div>
    ),
  }));
  return (
    <Tabs
      label={t.tabsLabel}
      items={items}
      selectedId={kind}
      onSelect={(id) => {
        const next = kinds.find((item) => item === id);
        if (next) update('tab', kindSlugs[next]);
      }}
    />
  );
}

export default function MyOffersPage() {
  useDocumentTitle(t.documentTitle);
  return (
    <QueryProvider>
      <div className="page stack">
        <header className="mo-header">
          <h1 className="section__title mo-title">{t.title}</h1>
          <p className="muted">{t.intro}</p>
        </header>
        <NewOutcomes />
        <MyOffers />
      </div>
    </QueryProvider>
  );
}
