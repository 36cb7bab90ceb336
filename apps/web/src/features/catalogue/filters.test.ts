import { describe, expect, it } from 'vitest';
import {
  clearSheetFilters,
  countSheetFilters,
  emptyFilters,
  filtersToSearchParams,
  parseFilters,
  toSearchRequest,
} from './filters';
import type { CatalogueFilters } from './filters';

const every: CatalogueFilters = {
  kind: 'alquiler',
  q: 'gràcia',
  sort: 'price-asc',
  provinceCode: '08',
  municipalityCode: '08019',
  priceMin: 500,
  priceMax: 1500,
  roomsMin: 2,
  surfaceMin: 40,
  surfaceMax: 120,
  features: ['PAF001', 'PAF004'],
  pets: true,
  furnished: true,
};

const parse = (query: string) => parseFilters(new URLSearchParams(query));

describe('catalogue filters ⇄ URL', () => {
  it('round-trips every filter through the query string', () => {
    const query = filtersToSearchParams(every).toString();
    expect(query).toBe(
      'kind=alquiler&q=gr%C3%A0cia&sort=price-asc&province=08&municipality=08019&priceMin=500&priceMax=1500' +
        '&rooms=2&surfaceMin=40&surfaceMax=120&features=PAF001%2CPAF004&pets=true&furnished=true',
    );
    expect(parse(query)).toEqual(every);
  });

  it('leaves defaults out: no filters is an empty query', () => {
    expect(filtersToSearchParams(emptyFilters).toString()).toBe('');
    expect(parse('')).toEqual({ ...emptyFilters });
  });

  it('ignores parameters it does not know (the landing section)', () => {
    expect(parse('section=available-properties&kind=venta')).toEqual({ ...emptyFilters, kind: 'venta' });
  });

  it('drops invalid values', () => {
    const filters = parse(
      'kind=castillo&sort=cheapest&province=8&municipality=08019&priceMin=-5&priceMax=abc&rooms=0' +
        '&surfaceMin=1e3&surfaceMax=999999999&features=PAF001,pool,PAF001,PAF0099&pets=yes&furnished=1',
    );
    expect(filters).toEqual({ ...emptyFilters, features: ['PAF001'], furnished: true });
  });

  it('keeps a municipality only inside its province', () => {
    expect(parse('province=28&municipality=08019')).toMatchObject({
      provinceCode: '28',
      municipalityCode: undefined,
    });
    expect(parse('municipality=08019').municipalityCode).toBeUndefined();
  });

  it('drops a maximum below the minimum, and money or rooms out of range', () => {
    expect(parse('priceMin=900&priceMax=500')).toMatchObject({ priceMin: 900, priceMax: undefined });
    expect(parse('surfaceMin=90&surfaceMax=50')).toMatchObject({ surfaceMin: 90, surfaceMax: undefined });
    expect(parse('priceMax=100000001&rooms=21')).toMatchObject({ priceMax: undefined, roomsMin: undefined });
  });

  it('trims the free text and caps it at 100 characters', () => {
    expect(parse('q=%20%20').q).toBeUndefined();
    expect(parse(`q=${'a'.repeat(150)}`).q).toHaveLength(100);
  });
});

describe('toSearchRequest', () => {
  it('maps the filters to the API body; only true booleans filter', () => {
    expect(JSON.parse(JSON.stringify(toSearchRequest(every, 'abc', 24)))).toEqual({
      kind: 'alquiler',
      q: 'gràcia',
      sort: 'price-asc',
      provinceCode: '08',
      municipalityCode: '08019',
      priceMin: 500,
      priceMax: 1500,
      roomsMin: 2,
      surfaceMin: 40,
      surfaceMax: 120,
      features: ['PAF001', 'PAF004'],
      pets: true,
      furnished: true,
      cursor: 'abc',
      limit: 24,
    });
    expect(JSON.parse(JSON.stringify(toSearchRequest(emptyFilters)))).toEqual({ sort: 'newest' });
  });
});

describe('sheet helpers', () => {
  it('counts and clears the filters the sheet manages, keeping kind, text and sort', () => {
    expect(countSheetFilters(every)).toBe(9);
    expect(countSheetFilters(emptyFilters)).toBe(0);
    expect(clearSheetFilters(every)).toEqual({
      ...emptyFilters,
      kind: 'alquiler',
      q: 'gràcia',
      sort: 'price-asc',
    });
  });
});
