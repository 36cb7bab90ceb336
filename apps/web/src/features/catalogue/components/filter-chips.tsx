import { useEffect, useRef } from 'react';
import { formatEuros, formatNumber } from '@casaoferta/domain/format';
import { masterLabel } from '@casaoferta/domain/masters/item';
import { CloseIcon } from '../../../shared/ui/icons';
import { emptyFilters, featureOptions } from '../filters';
import type { CatalogueFilters } from '../filters';
import { catalogueTexts } from '../texts';
import { usePlaceNames } from '../use-place-names';

const t = catalogueTexts;
const c = catalogueTexts.chips;

interface Chip {
  id: string;
  label: string;
  /** The filters without this one. */
  without: CatalogueFilters;
}

function rangeLabel(min: number | undefined, max: number | undefined, format: (n: number) => string) {
  if (min !== undefined && max !== undefined) return c.between(format(min), format(max));
  if (min !== undefined) return c.min(format(min));
  return max === undefined ? null : c.max(format(max));
}

/** The active filters as removable chips; the kind has its own switch and the sort its select. */
export function activeChips(
  f: CatalogueFilters,
  names: { province?: string; municipality?: string },
): Chip[] {
  const chips: Chip[] = [];
  const add = (id: string, label: string | null, without: Partial<CatalogueFilters>) => {
    if (label) chips.push({ id, label, without: { ...f, ...without } });
  };
  if (f.q) add('q', c.q(f.q), { q: undefined });
  if (f.provinceCode)
    add('province', names.province ?? c.province(f.provinceCode), {
      provinceCode: undefined,
      municipalityCode: undefined,
    });
  if (f.municipalityCode)
    add('municipality', names.municipality ?? c.municipality(f.municipalityCode), {
      municipalityCode: undefined,
    });
  const price = rangeLabel(f.priceMin, f.priceMax, (n) => formatEuros(n));
  add('price', price && c.price(price), { priceMin: undefined, priceMax: undefined });
  if (f.roomsMin !== undefined) add('rooms', c.rooms(f.roomsMin), { roomsMin: undefined });
  const surface = rangeLabel(f.surfaceMin, f.surfaceMax, (n) => `${formatNumber(n)} m²`);
  add('surface', surface && c.surface(surface), { surfaceMin: undefined, surfaceMax: undefined });
  for (const code of f.features) {
    add(`feature-${code}`, masterLabel(featureOptions, code), {
      features: f.features.filter((other) => other !== code),
    });
  }
  if (f.pets) add('pets', c.pets, { pets: false });
  if (f.furnished) add('furnished', c.furnished, { furnished: false });
  return chips;
}

export interface FilterChipsProps {
  filters: CatalogueFilters;
  onChange: (next: CatalogueFilters) => void;
  /** Receives focus when the last chip is removed. */
  fallbackFocusId: string;
}

export function FilterChips({ filters, onChange, fallbackFocusId }: FilterChipsProps) {
  const names = usePlaceNames(filters.provinceCode, filters.municipalityCode);
  const chips = activeChips(filters, names);
  const list = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(null);

  // A removed chip takes its button away: focus moves to the chip now in its place.
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null) return;
    focusIndex.current = null;
    const buttons = list.current?.querySelectorAll('button');
    const target = buttons?.[Math.min(index, buttons.length - 1)] ?? document.getElementById(fallbackFocusId);
    target?.focus();
  }, [chips.length, fallbackFocusId]);

  const remove = (index: number, next: CatalogueFilters) => {
    focusIndex.current = index;
    onChange(next);
  };

  if (chips.length === 0) return null;
  return (
    <div className="chips">
      <h3 className="visually-hidden">{t.activeFilters}</h3>
      <ul ref={list} className="chips__list plain-list">
        {chips.map((chip, index) => (
          <li key={chip.id}>
            <button
              type="button"
              className="chip"
              aria-label={t.removeFilter(chip.label)}
              onClick={() => remove(index, chip.without)}
            >
              {chip.label}
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
        {chips.length > 1 && (
          <li>
            <button
              type="button"
              className="link-button chips__clear"
              onClick={() => remove(0, { ...emptyFilters, kind: filters.kind, sort: filters.sort })}
            >
              {t.clearFilters}
            </button>
          </li>
        )}
      </ul>
    </div>
  );
}
