import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  contractSignCode,
  ContractPartyRole,
  ContractViewDto,
  OwnerContractInput,
  TenantContractInput,
} from '@casaoferta/domain/schemas/contracts';
import { apiRequest } from '../../../shared/api/client';
import { uploadFile } from '../../../shared/api/upload-file';
import type { ContractImage } from './queries';
import { contractsApi, contractsKeys } from './keys';

export type ContractSignCode = z.infer<typeof contractSignCode>;

/** POST /api/contract/draft: the contract of an announcement with a selected offer (the alive one if any). */
export const createContractDraft = (announcementId: string) =>
  apiRequest<ContractViewDto>(contractsApi.draft, { method: 'POST', body: { announcementId } });

/** Puts an action's answer in place and reads the contract's other queries and the list again. */
function useSettle(id: string) {
  const client = useQueryClient();
  return {
    answer: (view: ContractViewDto | null | undefined) => {
      if (view && typeof view === 'object' && 'statusCode' in view) {
        client.setQueryData(contractsKeys.view(id), view);
      }
    },
    refresh: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: contractsKeys.contract(id) }),
        client.invalidateQueries({ queryKey: contractsKeys.list }),
      ]),
  };
}

/** PUT /api/contract/{id}/owner or /tenant: saves my side's form (409 once sent). */
export function useSaveParty(id: string, role: ContractPartyRole) {
  const settle = useSettle(id);
  return useMutation({
    mutationFn: (body: OwnerContractInput | TenantContractInput) =>
      apiRequest<ContractViewDto | null>(contractsApi.party(id, role), { method: 'PUT', body }),
    onSuccess: settle.answer,
    onSettled: settle.refresh,
  });
}

export type ContractAction = 'send' | 'cancel' | 'sendSign';

/** PUT .../{role}-send, PUT .../{role}-cancel or POST .../send-sign. */
export function useContractAction(id: string, role: ContractPartyRole) {
  const settle = useSettle(id);
  return useMutation({
    mutationFn: (action: ContractAction) =>
      action === 'sendSign'
        ? apiRequest<ContractViewDto>(contractsApi.sendSign(id), { method: 'POST' })
        : apiRequest<ContractViewDto>(
            action === 'send' ? contractsApi.send(id, role) : contractsApi.cancel(id, role),
            { method: 'PUT' },
          ),
    onSuccess: settle.answer,
    onSettled: settle.refresh,
  });
}

/** POST .../{role}/sign-code: a one-time code by SMS. Errors are shown in the sign dialog. */
export const useSignCode = (id: string, role: ContractPartyRole) =>
  useMutation({
    mutationFn: () =>
      apiRequest<ContractSignCode>(contractsApi.signCode(id, role), { method: 'POST', silent: true }),
  });

/** POST .../{role}/sign {fullName, code}. Errors are shown in the sign dialog. */
export function useSignContract(id: string, role: ContractPartyRole) {
  const settle = useSettle(id);
  return useMutation({
    mutationFn: (body: { fullName: string; code: string }) =>
      apiRequest<ContractViewDto>(contractsApi.sign(id, role), { method: 'POST', body, silent: true }),
    onSuccess: settle.answer,
    onSettled: settle.refresh,
  });
}

/** POST /api/contract/{id}/images (multipart, 120 s): one inventory photo. */
export function useUploadImage(id: string) {
  const settle = useSettle(id);
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadFile<ContractImage>(contractsApi.upload(id), {}, file, { onProgress }),
    onSettled: settle.refresh,
  });
}

/** DELETE /api/contract/{id}/preload-image/{imageId}. */
export function useDeleteImage(id: string) {
  const settle = useSettle(id);
  return useMutation({
    mutationFn: (imageId: string) =>
      apiRequest<unknown>(contractsApi.deleteImage(id, imageId), { method: 'DELETE' }),
    onSettled: settle.refresh,
  });
}
