import type { ContractPartyRole } from '@casaoferta/domain/schemas/contracts';

const one = (id: string) => `/api/contract/${encodeURIComponent(id)}`;

/** API paths of contracts (SPEC 7.7). */
export const contractsApi = {
  list: '/api/contracts',
  draft: '/api/contract/draft',
  view: (id: string) => `${one(id)}/contractor`,
  party: (id: string, role: ContractPartyRole) => `${one(id)}/${role}`,
  send: (id: string, role: ContractPartyRole) => `${one(id)}/${role}-send`,
  cancel: (id: string, role: ContractPartyRole) => `${one(id)}/${role}-cancel`,
  sendSign: (id: string) => `${one(id)}/send-sign`,
  signCode: (id: string, role: ContractPartyRole) => `${one(id)}/${role}/sign-code`,
  sign: (id: string, role: ContractPartyRole) => `${one(id)}/${role}/sign`,
  images: (id: string) => `${one(id)}/preload-images`,
  upload: (id: string) => `${one(id)}/images`,
  image: (id: string, imageId: string) => `${one(id)}/images/${encodeURIComponent(imageId)}`,
  deleteImage: (id: string, imageId: string) => `${one(id)}/preload-image/${encodeURIComponent(imageId)}`,
  download: (id: string) => `${one(id)}/download`,
} as const;

/** React Query keys; an action on a contract invalidates `contract(id)` and the list. */
export const contractsKeys = {
  all: ['contracts'] as const,
  list: ['contracts', 'list'] as const,
  contract: (id: string) => ['contracts', id] as const,
  view: (id: string) => ['contracts', id, 'view'] as const,
  party: (id: string, role: ContractPartyRole) => ['contracts', id, 'party', role] as const,
  images: (id: string) => ['contracts', id, 'images'] as const,
  image: (id: string, imageId: string) => ['contracts', id, 'image', imageId] as const,
};
