import { useQuery } from '@tanstack/react-query';
import type { ImageDto } from '@casaoferta/domain/schemas/listings';
import { apiRequest } from '../../../shared/api/client';

/** GET /api/announcement/property/{id}/images: the photos already uploaded, cover first. */
export const getPropertyImages = (propertyId: string, signal?: AbortSignal) =>
  apiRequest<ImageDto[]>(`/api/announcement/property/${encodeURIComponent(propertyId)}/images`, {
    signal,
    silent: true,
  });

/** The cache entry is the photo list of the form: uploads, deletions and reordering update it. */
export const propertyImagesKey = (propertyId: string) => ['property-images', propertyId] as const;

export const usePropertyImages = (propertyId: string | null) =>
  useQuery({
    queryKey: propertyImagesKey(propertyId ?? ''),
    queryFn: ({ signal }) => getPropertyImages(propertyId ?? '', signal),
    enabled: Boolean(propertyId),
    staleTime: Infinity,
  });
