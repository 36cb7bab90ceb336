import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { displayName, parseCsv, parseCsvRecords, searchKey } from './ine';

/** The INE files the API ships (apps/api/data/ine). */
const dataFile = (name: string): string =>
  fileURLToPath(new URL(`../../../apps/api/data/ine/${name}`, import.meta.url));
const municipios = dataFile('municipios.csv');
const provincias = dataFile('provincias.csv');
const autonomias = dataFile('autonomias.csv');

/** Articles INE writes after a comma; no display name may still end with one. */
const TRAILING_ARTICLE =
  /, (?:el|la|los|las|lo|l'|els|les|es|sa|ses|s'|a|as|o|os|illes|principado de|comunidad de|comunidad foral de|región de)$/iu;

describe('displayName', () => {
  it.each([
    ['Coruña, A', 'A Coruña'],
    ['Ejido, El', 'El Ejido'],
    ['Palmas, Las', 'Las Palmas'],
    ['Rozas de Madrid, Las', 'Las Rozas de Madrid'],
    ["Hospitalet de Llobregat, L'", "L'Hospitalet de Llobregat"],
    ['Balears, Illes', 'Illes Balears'],
    ['Rioja, La', 'La Rioja'],
    ['Montesinos, Los', 'Los Montesinos'],
    ['Pino, O', 'O Pino'],
    ['Pontes de García Rodríguez, As', 'As Pontes de García Rodríguez'],
    ['Blancos, Os', 'Os Blancos'],
    ['Hostalets de Pierola, Els', 'Els Hostalets de Pierola'],
    ['Cabanyes, Les', 'Les Cabanyes'],
    ['Castell, Es', 'Es Castell'],
    ['Pobla, Sa', 'Sa Pobla'],
    ['Salines, Ses', 'Ses Salines'],
    ["Estartit, S'", "S'Estartit"],
    ['Pobla de Massaluca, La', 'La Pobla de Massaluca'],
    ['Nucia, la', 'La Nucia'],
    ["Alfàs del Pi, l'", "L'Alfàs del Pi"],
    ['Poblets, els', 'Els Poblets'],
    ['Alqueries, les', 'Les Alqueries'],
    ['Asturias, Principado de', 'Principado de Asturias'],
    ['Madrid, Comunidad de', 'Comunidad de Madrid'],
    ['Navarra, Comunidad Foral de', 'Comunidad Foral de Navarra'],
    ['Murcia, Región de', 'Región de Murcia'],
  ])('%s → %s', (official, shown) => {
    expect(displayName(official)).toBe(shown);
  });

  it('handles co-official names side by side', () => {
    expect(displayName('Valencia/València')).toBe('Valencia/València');
    expect(displayName('Alicante/Alacant')).toBe('Alicante/Alacant');
    expect(displayName('Castelló de la Plana/Castellón de la Plana')).toBe(
      'Castelló de la Plana/Castellón de la Plana',
    );
    expect(displayName('Pinós, el/Pinoso')).toBe('El Pinós/Pinoso');
    expect(displayName('Villajoyosa/Vila Joiosa, la')).toBe('Villajoyosa/La Vila Joiosa');
    expect(displayName("Lorcha/Orxa, l'")).toBe("Lorcha/L'Orxa");
    expect(displayName('Alqueries, les/Alquerías del Niño Perdido')).toBe(
      'Les Alqueries/Alquerías del Niño Perdido',
    );
  });

  it('leaves names without an inverted article alone', () => {
    expect(displayName('Madrid')).toBe('Madrid');
    expect(displayName("Cruïlles, Monells i Sant Sadurní de l'Heura")).toBe(
      "Cruïlles, Monells i Sant Sadurní de l'Heura",
    );
    expect(displayName('Saus, Camallera i Llampaies')).toBe('Saus, Camallera i Llampaies');
    expect(displayName("Vandellòs i l'Hospitalet de l'Infant")).toBe("Vandellòs i l'Hospitalet de l'Infant");
    expect(displayName('  Ejido,   El ')).toBe('El Ejido');
    expect(displayName('Hospitalet de Llobregat, L’')).toBe("L'Hospitalet de Llobregat");
  });

  it('moves every article of the INE municipalities to the front', () => {
    const records = parseCsvRecords(readFileSync(municipios, 'utf8'));
    expect(records.length).toBeGreaterThan(8000);
    let moved = 0;
    for (const { nombre = '' } of records) {
      expect(nombre).not.toBe('');
      const shown = displayName(nombre);
      if (shown !== nombre) moved++;
      for (const side of shown.split('/')) expect(side, nombre).not.toMatch(TRAILING_ARTICLE);
    }
    expect(moved).toBeGreaterThan(500);
  });

  it('moves every article of the INE provinces and communities to the front', () => {
    const names = [provincias, autonomias].flatMap((file) =>
      parseCsvRecords(readFileSync(file, 'utf8')).map((r) => r.nombre ?? ''),
    );
    for (const name of names) expect(displayName(name), name).not.toMatch(/,/u);
    const shown = names.map(displayName);
    expect(shown).toEqual(expect.arrayContaining(['A Coruña', 'Las Palmas', 'Illes Balears', 'La Rioja']));
  });
});

describe('searchKey', () => {
  it('folds case and accents but keeps ñ and ç', () => {
    expect(searchKey('Ávila')).toBe('avila');
    expect(searchKey('  L’Hospitalet   de Llobregat ')).toBe("l'hospitalet de llobregat");
    expect(searchKey('A Coruña')).toBe('a coruña');
    expect(searchKey('Castelló')).toBe('castello');
    expect(searchKey('Peñíscola')).toBe('peñiscola');
    expect(searchKey('Cervià de Ter')).toBe('cervia de ter');
    expect(searchKey('Berguedà, Çà')).toBe('bergueda, ça');
  });
});

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes and line breaks', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n1,\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['1', ''],
    ]);
    expect(parseCsv('\uFEFFa\n"multi\nline"')).toEqual([['a'], ['multi\nline']]);
    expect(parseCsv('')).toEqual([]);
  });

  it('keys records by the header', () => {
    expect(parseCsvRecords('id,nombre\n01,"Coruña, A"\n02\n\n')).toEqual([
      { id: '01', nombre: 'Coruña, A' },
      { id: '02', nombre: '' },
    ]);
    expect(parseCsvRecords('')).toEqual([]);
  });
});
