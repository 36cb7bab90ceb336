import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ContractStatus } from '@casaoferta/domain/codes';
import type {
  contractImages,
  contractList,
  ContractViewDto,
  OwnerContractDataDto,
  TenantContractDataDto,
} from '@casaoferta/domain/schemas/contracts';
import { apiRequest } from '../../../shared/api/client';
import { isMyTurn } from '../contract-view';
import { contractsApi, contractsKeys } from './keys';

export type ContractList = z.infer<typeof contractList>;
export type ContractImages = z.infer<typeof contractImages>;
export type ContractImage = ContractImages['items'][number];

/** GET /api/contracts: mine, as owner or as tenant. */
export const fetchContracts = (signal?: AbortSignal) =>
  apiRequest<ContractList>(contractsApi.list, { signal, silent: true });

/** The list is read again when the window regains focus (the app's default turns that off). */
export const useContracts = (enabled = true) =>
  useQuery({
    queryKey: contractsKeys.list,
    queryFn: ({ signal }) => fetchContracts(signal),
    enabled,
    refetchOnWindowFocus: true,
  });

/** How often a contract's page asks again while the other party acts. */
export const CONTRACT_POLL_MS = 5000;

/**
 * Whether the page waits for the other party: neither signed nor cancelled, and not my turn (the other
 * fills or sends their data, or signs once I have signed).
 */
export const waitsForOther = (view: ContractViewDto | undefined): boolean =>
  view !== undefined &&
  view.statusCode !== ContractStatus.Signed &&
  view.statusCode !== ContractStatus.Cancelled &&
  !isMyTurn(view);

/** What changes when someone acts: the step, who acts, what was sent and signed. */
const stateOf = (view: ContractViewDto): string =>
  [
    view.statusCode,
    view.nextActor ?? '',
    view.ownerSentAt ?? '',
    view.tenantSentAt ?? '',
    view.ownerSignature?.signedAt ?? '',
    view.tenantSignature?.signedAt ?? '',
  ].join('|');

/**
 * GET /api/contract/{id}/contractor: the contract as my side sees it. While the other party acts the
 * page asks again every 5 s, only while it is visible; when an answer shows the contract moved on, the
 * queries that depend on it (the parties' data, the photos, the list) are read again.
 */
export function useContract(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: contractsKeys.view(id),
    queryFn: async ({ signal }) => {
      const before = client.getQueryData<ContractViewDto>(contractsKeys.view(id));
      const view = await apiRequest<ContractViewDto>(contractsApi.view(id), { signal, silent: true });
      if (before && stateOf(before) !== stateOf(view)) {
        void client.invalidateQueries({
          queryKey: contractsKeys.contract(id),
          predicate: (query) => query.queryKey[2] !== 'view',
        });
        void client.invalidateQueries({ queryKey: contractsKeys.list });
      }
      return view;
    },
    refetchInterval: (query) => (waitsForOther(query.state.data) ? CONTRACT_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

/** GET /api/contract/{id}/owner: the owner's data and terms, saved or prefilled. */
export function useOwnerData(id: string, enabled: boolean) {
  return useQuery({
    queryKey: contractsKeys.party(id, 'owner'),
    queryFn: ({ signal }) =>
      apiRequest<OwnerContractDataDto>(contractsApi.party(id, 'owner'), { signal, silent: true }),
    enabled,
  });
}

/** GET /api/contract/{id}/tenant: the tenant's data, saved or prefilled. */
export function useTenantData(id: string, enabled: boolean) {
  return useQuery({
    queryKey: contractsKeys.party(id, 'tenant'),
    queryFn: ({ signal }) =>
      apiRequest<TenantContractDataDto>(contractsApi.party(id, 'tenant'), { signal, silent: true }),
    enabled,
  });
}

/** GET /api/contract/{id}/preload-images: the inventory photos. */
export const useContractImages = (id: string) =>
  useQuery({
    queryKey: contractsKeys.images(id),
    queryFn: ({ signal }) => apiRequest<ContractImages>(contractsApi.images(id), { signal, silent: true }),
  });
