import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { displayName } from '@casaoferta/domain/ine';
import type { Db } from '../client';
import { municipalities, provinces } from '../schema/index';
import { refreshCards } from '../../modules/listings/search-announcements';
import { builtInProvinces } from './built-in-provinces';

type Row = Record<string, string>;

const readCsv = (file: string): Row[] =>
  parse(fs.readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true, trim: true }) as Row[];

export interface IneImportResult {
  provinces: number;
  municipalities: number;
  source: 'files' | 'built-in';
}

/**
 * Loads INE provinces and municipalities from the CSV files in `ineDir` (apps/api/data/ine). When the
 * folder is absent, the 52 built-in provinces are loaded and municipalities stay empty.
 * Idempotent: existing codes are updated in place, and so are the place names on catalogue cards.
 */
export async function importIne(db: Db, ineDir: string): Promise<IneImportResult> {
  const provincesFile = path.join(ineDir, 'provincias.csv');
  const municipalitiesFile = path.join(ineDir, 'municipios.csv');
  const fromFiles = fs.existsSync(provincesFile) && fs.existsSync(municipalitiesFile);

  const provinceRows = fromFiles
    ? readCsv(provincesFile).map((r) => [r.provincia_id ?? '', r.nombre ?? ''] as const)
    : builtInProvinces;
  const provinceValues = provinceRows
    .filter(([code, name]) => /^\d{2}$/.test(code) && name !== '')
    .map(([code, name]) => ({ code, name, displayName: displayName(name), countryCode: 'ES' }));

  const municipalityValues = fromFiles
    ? readCsv(municipalitiesFile)
        .filter((r) => /^\d{5}$/.test(r.municipio_id ?? '') && (r.nombre ?? '') !== '')
        .map((r) => {
          const code = r.municipio_id ?? '';
          const name = r.nombre ?? '';
          return { code, provinceCode: code.slice(0, 2), name, displayName: displayName(name) };
        })
    : [];

  await db.transaction(async (tx) => {
    await tx
      .insert(provinces)
      .values(provinceValues)
      .onConflictDoUpdate({
        target: provinces.code,
        set: { name: sql`excluded.name`, displayName: sql`excluded.display_name` },
      });
    for (let i = 0; i < municipalityValues.length; i += 1000) {
      await tx
        .insert(municipalities)
        .values(municipalityValues.slice(i, i + 1000))
        .onConflictDoUpdate({
          target: municipalities.code,
          set: { name: sql`excluded.name`, displayName: sql`excluded.display_name` },
        });
    }
    // Catalogue cards keep copies of the place names: a re-import (`npm run seed`) may rename some.
    await refreshCards(tx, sql`true`);
  });
  return {
    provinces: provinceValues.length,
    municipalities: municipalityValues.length,
    source: fromFiles ? 'files' : 'built-in',
  };
}
