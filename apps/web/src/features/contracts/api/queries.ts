import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  contractImages,
  contractList,
  ContractViewDto,
  OwnerContractDataDto,
  TenantContractDataDto,
} from '@casaoferta/domain/schemas/contracts';
import { apiRequest } from '../../../shared/api/client';
import { contractsApi, contractsKeys } from './keys';

export type ContractList = z.infer<typeof contractList>;
export type ContractImages = z.infer<typeof contractImages>;
export type ContractImage = ContractImages['items'][number];

/** GET /api/contracts: mine, as owner or as tenant. */
export const fetchContracts = (signal?: AbortSignal) =>
  apiRequest<ContractList>(contractsApi.list, { signal, silent: true });

export const useContracts = (enabled = true) =>
  useQuery({ queryKey: contractsKeys.list, queryFn: ({ signal }) => fetchContracts(signal), enabled });

/** GET /api/contract/{id}/contractor: the contract as my side sees it. */
export const useContract = (id: string) =>
  useQuery({
    queryKey: contractsKeys.view(id),
    queryFn: ({ signal }) => apiRequest<ContractViewDto>(contractsApi.view(id), { signal, silent: true }),
  });

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
