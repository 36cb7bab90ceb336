import { useQuery } from '@tanstack/react-query';
import type { DocumentDownload, TenantProfile } from '@casaoferta/domain/schemas/tenant';
import { apiRequest } from '../../../shared/api/client';
import { documentsApi, documentsKeys } from './keys';

/** GET /api/tenant: my profile, with my documents and those of my co-holders and guarantors. */
export const useTenantProfile = () =>
  useQuery({
    queryKey: documentsKeys.tenant,
    queryFn: ({ signal }) => apiRequest<TenantProfile>(documentsApi.tenant, { signal, silent: true }),
  });

/** GET /api/document/downloads: who downloaded which of my files, newest first. */
export const useDocumentDownloads = () =>
  useQuery({
    queryKey: documentsKeys.downloads,
    queryFn: ({ signal }) => apiRequest<DocumentDownload[]>(documentsApi.downloads, { signal, silent: true }),
  });
