import { additionalFeatures } from '@casaoferta/domain/masters/property';
import type { CatalogueSort, ListingKind, SearchRequest } from '@casaoferta/domain/schemas/listings';

/**
 * The catalogue's filters and their place in the URL query (shareable, restored by the back button).
 * Pure: no React, no zod (the catalogue's first load stays small). Invalid values are dropped.
 */
export interface CatalogueFilters {
  kind?: ListingKind;
  q?: string;
  sort: CatalogueSort;
  provinceCode?: string;
  municipalityCode?: string;
  priceMin?: number;
  priceMax?: number;
  roomsMin?: number;
  surfaceMin?: number;
  surfaceMax?: number;
  features: string[];
  pets: boolean;
  furnished: boolean;
}

// Mirrors listingKinds and catalogueSorts of the API contract without importing its runtime (zod).
export const kinds = ['venta', 'alquiler', 'habitacion'] as const satisfies readonly ListingKind[];
export const sorts = ['newest', 'price-asc', 'price-desc'] as const satisfies readonly CatalogueSort[];
export const roomsOptions = [1, 2, 3, 4] as const;
/** The handful of features the filter sheet offers, with the labels of the master list (PAF). */
const offeredFeatures = ['PAF001', 'PAF002', 'PAF004', 'PAF006', 'PAF008', 'PAF009'];
export const featureOptions = additionalFeatures().filter((item) => offeredFeatures.includes(item.code));

/** SPEC 2.1: the landing takes ?section=available-properties to land on the results (their id). */
export const AVAILABLE_PROPERTIES = 'available-properties';

export const emptyFilters: CatalogueFilters = { sort: 'newest', features: [], pets: false, furnished: false };

/** Query parameter names. */
export const param = {
  kind: 'kind',
  q: 'q',
  sort: 'sort',
  province: 'province',
  municipality: 'municipality',
  priceMin: 'priceMin',
  priceMax: 'priceMax',
  rooms: 'rooms',
  surfaceMin: 'surfaceMin',
  surfaceMax: 'surfaceMax',
  features: 'features',
  pets: 'pets',
  furnished: 'furnished',
} as const;

const MAX_MONEY = 100_000_000;
const MAX_SURFACE = 100_000;
const MAX_ROOMS = 20;
const MAX_QUERY = 100;
const MAX_FEATURES = 20;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((item) => item === value);

function integer(value: string | null, min: number, max: number): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
}

const isTrue = (value: string | null) => value === 'true' || value === '1';

/** Keeps a [min, max] pair only when it is ordered; a reversed max is dropped. */
function range(min: number | undefined, max: number | undefined): [number | undefined, number | undefined] {
  return min !== undefined && max !== undefined && min > max ? [min, undefined] : [min, max];
}

export function parseFilters(params: URLSearchParams): CatalogueFilters {
  const provinceCode = params.get(param.province) ?? '';
  const municipality = params.get(param.municipality) ?? '';
  const validProvince = /^\d{2}$/.test(provinceCode) ? provinceCode : undefined;
  const [priceMin, priceMax] = range(
    integer(params.get(param.priceMin), 0, MAX_MONEY),
    integer(params.get(param.priceMax), 0, MAX_MONEY),
  );
  const [surfaceMin, surfaceMax] = range(
    integer(params.get(param.surfaceMin), 0, MAX_SURFACE),
    integer(params.get(param.surfaceMax), 0, MAX_SURFACE),
  );
  const features = (params.get(param.features) ?? '')
    .split(',')
    .filter((code, index, list) => /^PAF\d{3}$/.test(code) && list.indexOf(code) === index)
    .slice(0, MAX_FEATURES);
  const q = (params.get(param.q) ?? '').trim().slice(0, MAX_QUERY).trim();
  return {
    kind: oneOf(kinds, params.get(param.kind)),
    q: q || undefined,
    sort: oneOf(sorts, params.get(param.sort)) ?? 'newest',
    provinceCode: validProvince,
    // A municipality belongs to its province: INE codes start with the province's two digits.
    municipalityCode:
      validProvince && /^\d{5}$/.test(municipality) && municipality.startsWith(validProvince)
        ? municipality
        : undefined,
    priceMin,
    priceMax,
    roomsMin: integer(params.get(param.rooms), 1, MAX_ROOMS),
    surfaceMin,
    surfaceMax,
    features,
    pets: isTrue(params.get(param.pets)),
    furnished: isTrue(params.get(param.furnished)),
  };
}

/** The canonical query of some filters: defaults left out, a stable order. */
export function filtersToSearchParams(filters: CatalogueFilters): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(name, String(value));
  };
  set(param.kind, filters.kind);
  set(param.q, filters.q?.trim());
  if (filters.sort !== 'newest') set(param.sort, filters.sort);
  set(param.province, filters.provinceCode);
  if (filters.provinceCode) set(param.municipality, filters.municipalityCode);
  set(param.priceMin, filters.priceMin);
  set(param.priceMax, filters.priceMax);
  set(param.rooms, filters.roomsMin);
  set(param.surfaceMin, filters.surfaceMin);
  set(param.surfaceMax, filters.surfaceMax);
  if (filters.features.length > 0) set(param.features, filters.features.join(','));
  if (filters.pets) set(param.pets, 'true');
  if (filters.furnished) set(param.furnished, 'true');
  return params;
}

/**
 * The body of POST /api/announcement/search for these filters (only true booleans filter).
 * Undefined fields are left out of the JSON body.
 */
export function toSearchRequest(filters: CatalogueFilters, cursor?: string, limit?: number): SearchRequest {
  return {
    kind: filters.kind,
    q: filters.q,
    sort: filters.sort,
    provinceCode: filters.provinceCode,
    municipalityCode: filters.municipalityCode,
    priceMin: filters.priceMin,
    priceMax: filters.priceMax,
    roomsMin: filters.roomsMin,
    surfaceMin: filters.surfaceMin,
    surfaceMax: filters.surfaceMax,
    features: filters.features.length > 0 ? filters.features : undefined,
    pets: filters.pets || undefined,
    furnished: filters.furnished || undefined,
    cursor,
    limit,
  };
}

/** The filters the sheet manages (everything but kind, free text and sort), cleared. */
export function clearSheetFilters(filters: CatalogueFilters): CatalogueFilters {
  return { ...emptyFilters, kind: filters.kind, q: filters.q, sort: filters.sort };
}

/** How many filters the sheet holds, for the 'Filtros (n)' button. */
export function countSheetFilters(filters: CatalogueFilters): number {
  return (
    [
      filters.provinceCode,
      filters.municipalityCode,
      filters.priceMin ?? filters.priceMax,
      filters.roomsMin,
      filters.surfaceMin ?? filters.surfaceMax,
      filters.pets || undefined,
      filters.furnished || undefined,
    ].filter((value) => value !== undefined).length + filters.features.length
  );
}
