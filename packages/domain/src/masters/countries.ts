import type { MasterItem } from './item';

/**
 * Two-letter codes that Intl resolves to a name but that are not countries or territories with an
 * ISO 3166-1 alpha-2 assignment: groupings (EU, EZ, UN, QO), exceptionally reserved codes (AC, CP, CQ,
 * DG, EA, IC, TA), transitionally reserved or withdrawn ones (AN, BU, CS, DD, DY, FX, HV, NH, RH, SU, TP,
 * UK, VD, YD, YU, ZR), pseudo-locales (XA, XB) and the unknown region (ZZ).
 * XK (Kosovo) is user-assigned but widely used, so it stays.
 */
const NOT_COUNTRIES = new Set(
  'AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB YD YU ZR ZZ'.split(' '),
);

/** User-assigned ranges of ISO 3166-1 (AA, QM–QZ, XA–XZ, ZZ); only XK is kept. */
function isUserAssigned(code: string): boolean {
  if (code === 'XK') return false;
  return code === 'AA' || code === 'ZZ' || code.startsWith('X') || (code.startsWith('Q') && code >= 'QM');
}

const SPAIN = 'ES';
let cache: readonly MasterItem[] | undefined;

function compute(): MasterItem[] {
  const names = new Intl.DisplayNames(['es'], { type: 'region', fallback: 'none' });
  const seen = new Set<string>();
  const list: MasterItem[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code) || isUserAssigned(code)) continue;
      const label = names.of(code);
      // Unknown codes give undefined; a label seen already is an alias of a kept code.
      if (label === undefined || label === code || seen.has(label)) continue;
      seen.add(label);
      list.push({ code, label });
    }
  }
  list.sort((x, y) => {
    if (x.code === SPAIN) return -1;
    if (y.code === SPAIN) return 1;
    return x.label.localeCompare(y.label, 'es');
  });
  return list;
}

/** Countries and territories (ISO 3166-1 alpha-2) with Spanish names, España first, then alphabetical. */
export function countries(): MasterItem[] {
  cache ??= compute();
  return cache.map((item) => ({ ...item }));
}
