import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CoexistenceInput,
  HouseholdPerson,
  NewPersonInput,
  PersonalInput,
  PersonInput,
  PresentationInput,
  ProfileInput,
  TenantProfile,
  WorkInput,
} from '@casaoferta/domain/schemas/tenant';
import type { MyOffer } from '@casaoferta/domain/schemas/offers';
import { apiRequest } from '../../../shared/api/client';
import type { PersonRole } from '../texts';

/**
 * The calls of the tenant profile (SPEC 7.5). Saves are silent: the forms put a field's error next to
 * its field and show the others as a toast themselves (see save-errors.ts).
 */
export const tenantPaths = {
  profile: '/api/tenant',
  wholeProfile: '/api/tenant/profile',
  personal: '/api/tenant/profile/personal',
  working: '/api/tenant/profile/working',
  coexistence: '/api/tenant/profile/coexistence',
  presentation: '/api/tenant/profile/presentation',
  people: (role: PersonRole) => (role === 'coHolder' ? '/api/tenant/co-titular' : '/api/tenant/guarantor'),
  person: (role: PersonRole, id: string) => `${tenantPaths.people(role)}/${encodeURIComponent(id)}`,
  myOffers: '/api/tenant/offers',
} as const;

export const tenantKeys = {
  profile: ['tenant-profile'] as const,
  activeOffers: ['tenant-profile', 'active-offers'] as const,
};

export const fetchTenantProfile = (signal?: AbortSignal) =>
  apiRequest<TenantProfile>(tenantPaths.profile, { signal, silent: true });

/**
 * My profile. After a save the session is reloaded, which empties the app's query cache: the page keeps
 * showing what it had while the profile loads again (no loader in between, an open dialog stays).
 */
export const useTenantProfile = () =>
  useQuery({
    queryKey: tenantKeys.profile,
    queryFn: ({ signal }) => fetchTenantProfile(signal),
    placeholderData: keepPreviousData,
  });

/** What a section page or the wizard sends, by where it goes. */
export type ProfileSave =
  | { kind: 'profile'; body: ProfileInput }
  | { kind: 'personal'; body: PersonalInput }
  | { kind: 'working'; body: WorkInput }
  | { kind: 'coexistence'; body: CoexistenceInput }
  | { kind: 'presentation'; body: PresentationInput };

const savePath: Record<ProfileSave['kind'], string> = {
  profile: tenantPaths.wholeProfile,
  personal: tenantPaths.personal,
  working: tenantPaths.working,
  coexistence: tenantPaths.coexistence,
  presentation: tenantPaths.presentation,
};

export const saveProfile = (save: ProfileSave) =>
  apiRequest<TenantProfile>(savePath[save.kind], { method: 'PUT', body: save.body, silent: true });

/** POST (a new person, under the id the client made) or PUT (an edit). */
export const savePerson = (
  role: PersonRole,
  body: NewPersonInput | (PersonInput & { id: string }),
  isNew: boolean,
) =>
  isNew
    ? apiRequest<HouseholdPerson>(tenantPaths.people(role), { method: 'POST', body, silent: true })
    : apiRequest<HouseholdPerson>(tenantPaths.person(role, body.id), {
        method: 'PUT',
        body: personBody(body),
        silent: true,
      });

const personBody = ({ id: _id, ...rest }: PersonInput & { id: string }): PersonInput => rest;

/** DELETE a co-holder or guarantor (204); a failure shows its toast. */
export const deletePerson = (role: PersonRole, id: string) =>
  apiRequest<null>(tenantPaths.person(role, id), { method: 'DELETE' });

/** DELETE /api/tenant/profile: withdraws my current sent offers too. A failure shows its toast. */
export const deleteProfile = () =>
  apiRequest<{ withdrawnOffers: number }>(tenantPaths.wholeProfile, { method: 'DELETE' });

/** GET /api/tenant/offers: my current offers (sent or selected). */
export const fetchActiveOffers = (signal?: AbortSignal) =>
  apiRequest<MyOffer[]>(tenantPaths.myOffers, { signal, silent: true });

/** Writes a saved profile or person into the cache at once, so every page shows it without a reload. */
export function useProfileCache() {
  const client = useQueryClient();
  const current = () => client.getQueryData<TenantProfile>(tenantKeys.profile);
  return {
    setProfile: (profile: TenantProfile) => client.setQueryData(tenantKeys.profile, profile),
    setPerson: (role: PersonRole, person: HouseholdPerson) => {
      const profile = current();
      if (!profile) return;
      const listKey = role === 'coHolder' ? 'coTitulars' : 'guarantors';
      const list = profile[listKey];
      const next = list.some((item) => item.id === person.id)
        ? list.map((item) => (item.id === person.id ? person : item))
        : [...list, person];
      client.setQueryData<TenantProfile>(tenantKeys.profile, { ...profile, [listKey]: next });
    },
    removePerson: (role: PersonRole, id: string) => {
      const profile = current();
      if (!profile) return;
      const listKey = role === 'coHolder' ? 'coTitulars' : 'guarantors';
      client.setQueryData<TenantProfile>(tenantKeys.profile, {
        ...profile,
        [listKey]: profile[listKey].filter((item) => item.id !== id),
      });
    },
    /** Loads the profile again (what the API worked out from the change: flags, completeness). */
    reload: () => client.invalidateQueries({ queryKey: tenantKeys.profile }),
  };
}
