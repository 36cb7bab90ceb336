import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentKindCode } from '@casaoferta/domain/codes';
import type { TenantDocument } from '@casaoferta/domain/schemas/tenant';
import { apiRequest } from '../../../shared/api/client';
import { downloadFile } from '../../../shared/api/download-file';
import { uploadFile, type UploadOptions } from '../../../shared/api/upload-file';
import { documentsApi, documentsKeys, type DocumentOwner } from './keys';

/** POST /api/document (or the person's variant), multipart: `kindCode`, then `file`; 201 the document. */
export const uploadDocument = (
  owner: DocumentOwner,
  kindCode: DocumentKindCode,
  file: File,
  options: UploadOptions = {},
): Promise<TenantDocument> =>
  uploadFile<TenantDocument>(documentsApi.upload(owner), { kindCode }, file, options);

/** Saves one of my documents (the API logs the download). */
export const downloadDocument = (owner: DocumentOwner, document: TenantDocument) =>
  downloadFile(documentsApi.download(owner, document.id), document.fileName);

/** Loads the profile (its documents) and the downloads log again. */
export function useRefreshDocuments() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: documentsKeys.tenant }),
      client.invalidateQueries({ queryKey: documentsKeys.downloads }),
    ]);
}

/** DELETE /api/document/{id} (or the person's variant): 204. The API client shows a failure's toast. */
export function useDeleteDocument() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: ({ owner, documentId }: { owner: DocumentOwner; documentId: string }) =>
      apiRequest<null>(documentsApi.remove(owner, documentId), { method: 'DELETE' }),
    onSettled: () => refresh(),
  });
}
