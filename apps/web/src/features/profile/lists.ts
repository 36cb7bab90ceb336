import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Masters } from '@casaoferta/domain/schemas/masters';
import type { ProfileOptions } from '@casaoferta/domain/rules/tenant-profile';
import { loadMasters } from '../../shared/api/masters-cache';

/** An option of a radio selector or a select. */
export interface Option {
  value: string;
  label: string;
}

/** The master lists the profile's fields choose from (GET /api/masters, SPEC 3). */
export interface ProfileLists {
  typeContract: Option[];
  salaryRange: Option[];
  civilStatus: Option[];
  countries: Option[];
  exceptionAttributes: Record<string, string>;
}

const options = (list: Masters['userAttributes'][string] | undefined): Option[] =>
  (list ?? []).map((item) => ({ value: item.code, label: item.label }));

const listsOf = (masters: Masters): ProfileLists => ({
  typeContract: options(masters.userAttributes.userRenterTypeContract),
  salaryRange: options(masters.userAttributes.userRenterSalaryRange),
  civilStatus: options(masters.userAttributes.userRenterCivilStatus),
  countries: options(masters.userAttributes.countries),
  exceptionAttributes: masters.exceptionAttributes,
});

/** The lists as the domain's rules read them (a known master code). */
export const ruleOptions = (lists: ProfileLists): ProfileOptions => {
  const codes = (list: Option[]) => list.map((item) => ({ code: item.value }));
  return {
    typeContract: codes(lists.typeContract),
    salaryRange: codes(lists.salaryRange),
    country: codes(lists.countries),
    civilStatus: codes(lists.civilStatus),
  };
};

/** The label of a code in a list, or the code itself when the list does not know it. */
export const labelOf = (list: readonly Option[], code: string | null): string | null =>
  code === null ? null : (list.find((item) => item.value === code)?.label ?? code);

/** Loaded once per browser session (masters-cache); kept while the app's query cache is emptied. */
export const useProfileLists = () =>
  useQuery({
    queryKey: ['masters', 'profile-lists'],
    queryFn: async () => listsOf(await loadMasters()),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
