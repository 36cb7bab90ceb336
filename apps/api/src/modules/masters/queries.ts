import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { municipalities, provinces } from '../../db/schema/index';

const collator = new Intl.Collator('es');
const byLabel = (a: { label: string }, b: { label: string }) => collator.compare(a.label, b.label);

export async function listProvinces(db: Db, countryCode: string) {
  const rows = await db
    .select({ code: provinces.code, label: provinces.displayName })
    .from(provinces)
    .where(eq(provinces.countryCode, countryCode))
    .orderBy(asc(provinces.code));
  return rows.sort(byLabel);
}

export async function listMunicipalities(db: Db, provinceCode: string) {
  const rows = await db
    .select({ code: municipalities.code, label: municipalities.displayName })
    .from(municipalities)
    .where(eq(municipalities.provinceCode, provinceCode));
  return rows.sort(byLabel);
}
