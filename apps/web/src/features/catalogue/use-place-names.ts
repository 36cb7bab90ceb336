import { useEffect, useState } from 'react';
import type { MasterItem } from '@casaoferta/domain/masters';
import { listMunicipalities } from './api/list-municipalities';
import { listProvinces } from './api/list-provinces';

type Status = 'loading' | 'ready' | 'error';

/** A master list loaded lazily; `key` null means nothing to load. */
export function useMasterList(key: string | null, load: (key: string) => Promise<MasterItem[]>) {
  const [state, setState] = useState<{ key: string; items: MasterItem[]; status: Status } | null>(null);
  useEffect(() => {
    if (key === null) return;
    let active = true;
    load(key).then(
      (items) => active && setState({ key, items, status: 'ready' }),
      () => active && setState({ key, items: [], status: 'error' }),
    );
    return () => {
      active = false;
    };
  }, [key, load]);
  if (key === null) return { items: [] as MasterItem[], status: 'ready' as Status };
  return state?.key === key ? state : { items: [] as MasterItem[], status: 'loading' as Status };
}

const provinces = () => listProvinces();
export const useProvinces = (enabled = true) => useMasterList(enabled ? 'ES' : null, provinces);
export const useMunicipalities = (provinceCode: string | undefined) =>
  useMasterList(provinceCode ?? null, listMunicipalities);

const labelOf = (items: MasterItem[], code: string | undefined) =>
  code === undefined ? undefined : items.find((item) => item.code === code)?.label;

/** Names of the province and municipality of the filters, for the chips (loaded only when filtered). */
export function usePlaceNames(provinceCode: string | undefined, municipalityCode: string | undefined) {
  const provinceList = useProvinces(provinceCode !== undefined);
  const municipalityList = useMunicipalities(municipalityCode === undefined ? undefined : provinceCode);
  return {
    province: labelOf(provinceList.items, provinceCode),
    municipality: labelOf(municipalityList.items, municipalityCode),
  };
}
