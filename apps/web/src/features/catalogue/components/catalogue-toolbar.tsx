import { useState } from 'react';
import type { FormEvent } from 'react';
import type { ListingKind } from '@casaoferta/domain/schemas/listings';
import { Select } from '../../../shared/ui/select';
import { SearchIcon } from '../../../shared/ui/icons';
import { countSheetFilters, kinds, sorts } from '../filters';
import type { CatalogueFilters } from '../filters';
import { catalogueTexts as t } from '../texts';

export interface CatalogueToolbarProps {
  filters: CatalogueFilters;
  onChange: (next: CatalogueFilters) => void;
  onOpenFilters: () => void;
  /** Warms the filter sheet's chunk before the click. */
  onPrefetchFilters: () => void;
  filtersButtonId: string;
}

const kindOptions: { value: ListingKind | undefined; label: string }[] = [
  { value: undefined, label: t.kinds.all },
  ...kinds.map((kind) => ({ value: kind, label: t.kinds[kind] })),
];
const sortOptions = sorts.map((sort) => ({ value: sort, label: t.sorts[sort] }));

function KindSwitch({ filters, onChange }: Pick<CatalogueToolbarProps, 'filters' | 'onChange'>) {
  return (
    <div className="kind-switch" role="group" aria-label={t.kindsLabel}>
      {kindOptions.map((option) => (
        <button
          key={option.label}
          type="button"
          className="kind-switch__option"
          aria-pressed={filters.kind === option.value}
          onClick={() => onChange({ ...filters, kind: option.value })}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** Free text; applied on submit (Enter or the search button) so each search is one history entry. */
function SearchBox({ filters, onChange }: Pick<CatalogueToolbarProps, 'filters' | 'onChange'>) {
  const [text, setText] = useState(filters.q ?? '');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = text.trim() || undefined;
    if (q !== filters.q) onChange({ ...filters, q });
  };
  return (
    <form role="search" className="search-box" onSubmit={submit}>
      <label className="visually-hidden" htmlFor="catalogue-search">
        {t.searchLabel}
      </label>
      <input
        id="catalogue-search"
        className="input search-box__input"
        type="search"
        enterKeyHint="search"
        maxLength={100}
        placeholder={t.searchLabel}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button
        type="submit"
        className="btn btn--primary btn--icon search-box__submit"
        aria-label={t.searchButton}
      >
        <SearchIcon />
      </button>
    </form>
  );
}

export function CatalogueToolbar(props: CatalogueToolbarProps) {
  const { filters, onChange, onOpenFilters, onPrefetchFilters, filtersButtonId } = props;
  const active = countSheetFilters(filters);
  return (
    <div className="toolbar">
      <KindSwitch filters={filters} onChange={onChange} />
      {/* Remounts when the URL's text changes (back button), so the box shows it. */}
      <SearchBox key={filters.q ?? ''} filters={filters} onChange={onChange} />
      <div className="toolbar__row">
        <Select
          className="toolbar__sort"
          label={t.sortLabel}
          placeholder={null}
          options={sortOptions}
          value={filters.sort}
          onChange={(event) => {
            const sort = sorts.find((value) => value === event.target.value);
            if (sort) onChange({ ...filters, sort });
          }}
        />
        <button
          id={filtersButtonId}
          type="button"
          className="btn btn--secondary toolbar__filters"
          aria-haspopup="dialog"
          onClick={onOpenFilters}
          onPointerEnter={onPrefetchFilters}
          onFocus={onPrefetchFilters}
        >
          {active > 0 ? t.filtersButtonCount(active) : t.filtersButton}
        </button>
      </div>
    </div>
  );
}
