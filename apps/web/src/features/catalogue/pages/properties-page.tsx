import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { CatalogueToolbar } from '../components/catalogue-toolbar';
import { FilterChips } from '../components/filter-chips';
import { SearchResults } from '../components/search-results';
import { AVAILABLE_PROPERTIES, emptyFilters, filtersToSearchParams, parseFilters } from '../filters';
import type { CatalogueFilters } from '../filters';
import { useSearch } from '../search-store';
import { catalogueTexts as t } from '../texts';
import '../catalogue.css';

// The sheet (dialog, form fields, place lists) stays off the first load.
const loadFiltersSheet = () => import('../components/filters-sheet');
const FiltersSheet = lazy(loadFiltersSheet);
const prefetchFiltersSheet = () => void loadFiltersSheet().catch(() => undefined);

const FILTERS_BUTTON_ID = 'catalogue-filters-button';

/**
 * /properties: the public catalogue. Every filter lives in the URL query (shareable; the back
 * button restores the previous search); results come page by page with a keyset cursor.
 */
export default function PropertiesPage() {
  useDocumentTitle(t.documentTitle);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(searchParams), [searchParams]);
  const key = filtersToSearchParams(filters).toString();
  const search = useSearch(key);
  const [sheetOpen, setSheetOpen] = useState(false);
  const section = searchParams.get('section');

  useEffect(() => {
    if (section === AVAILABLE_PROPERTIES) document.getElementById(AVAILABLE_PROPERTIES)?.scrollIntoView();
  }, [section]);

  const apply = (next: CatalogueFilters) => setSearchParams(filtersToSearchParams(next));

  return (
    <div className="page catalogue">
      <header className="catalogue__hero">
        <h1 className="catalogue__title">{t.title}</h1>
        <p className="catalogue__lead hide-mobile">{t.lead}</p>
      </header>
      <section id={AVAILABLE_PROPERTIES} className="catalogue__results" aria-labelledby="results-title">
        <h2 id="results-title" className="visually-hidden">
          {t.resultsTitle}
        </h2>
        <CatalogueToolbar
          filters={filters}
          onChange={apply}
          onOpenFilters={() => setSheetOpen(true)}
          onPrefetchFilters={prefetchFiltersSheet}
          filtersButtonId={FILTERS_BUTTON_ID}
        />
        <FilterChips filters={filters} onChange={apply} fallbackFocusId={FILTERS_BUTTON_ID} />
        <SearchResults
          search={search}
          searchKey={key}
          backTo={paths.propertiesWith(key)}
          onClearFilters={() => apply(emptyFilters)}
        />
      </section>
      {sheetOpen && (
        <Suspense fallback={null}>
          <FiltersSheet
            filters={filters}
            onClose={() => setSheetOpen(false)}
            onApply={(next) => {
              setSheetOpen(false);
              apply(next);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
