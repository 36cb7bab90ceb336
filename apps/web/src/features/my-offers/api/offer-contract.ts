import { useQuery } from '@tanstack/react-query';
import { ContractStatus } from '@casaoferta/domain/codes';
import type { ContractSummaryDto } from '@casaoferta/domain/schemas/contracts';
import { apiRequest } from '../../../shared/api/client';
import { myOffersApi, myOffersKeys } from './keys';

/**
 * The alive (not cancelled) contract of an announcement where my offer was selected, from GET
 * /api/contracts; null while the owner has not prepared it.
 */
export const useOfferContract = (announcementId: string, enabled: boolean) =>
  useQuery({
    queryKey: myOffersKeys.contracts,
    queryFn: ({ signal }) =>
      apiRequest<{ items: ContractSummaryDto[] }>(myOffersApi.contracts, { signal, silent: true }),
    enabled,
    select: (data) =>
      data.items.find(
        (contract) =>
          contract.announcementId === announcementId &&
          contract.role === 'tenant' &&
          contract.statusCode !== ContractStatus.Cancelled,
      ) ?? null,
  });
