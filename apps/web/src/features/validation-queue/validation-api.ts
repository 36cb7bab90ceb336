import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ValidationQueueResponse } from '@casaoferta/domain/schemas/back-office';
import type { PropertyReview, PropertyValidationDecision } from '@casaoferta/domain/schemas/moderation';
import { authTokens } from '../../shared/api/auth-tokens';
import { apiRequest } from '../../shared/api/client';

export const QUEUE_PAGE_SIZE = 20;

export const validationPaths = {
  queue: '/api/agents/validation-queue',
  review: (propertyId: string) => `/api/agents/property/${propertyId}/review`,
  validateProperty: (propertyId: string) => `/api/agents/property/${propertyId}/validate`,
  validateAnnouncement: (announcementId: string) => `/api/agents/announcement/${announcementId}/validate`,
} as const;

const keys = {
  all: ['validation-queue'] as const,
  queue: (search: string) => ['validation-queue', 'queue', search] as const,
  review: (propertyId: string) => ['validation-queue', 'review', propertyId] as const,
};

/** GET /api/agents/validation-queue, oldest first. Agent calls pass the agent's own token (SPEC 7). */
export function fetchQueue(
  query: { search: string; cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<ValidationQueueResponse> {
  const params = new URLSearchParams({ pageSize: String(QUEUE_PAGE_SIZE) });
  if (query.search) params.set('q', query.search);
  if (query.cursor) params.set('cursor', query.cursor);
  return apiRequest<ValidationQueueResponse>(`${validationPaths.queue}?${params.toString()}`, {
    token: authTokens.main(),
    signal,
    silent: true,
  });
}

/** The queue page after page ('Cargar más' asks for the next cursor, issue 29 point 2). */
export const useValidationQueue = (search: string) =>
  useInfiniteQuery({
    queryKey: keys.queue(search),
    queryFn: ({ pageParam, signal }) => fetchQueue({ search, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/** GET /api/agents/property/{id}/review: the approved version, the pending revision, the announcements. */
export const fetchReview = (propertyId: string, signal?: AbortSignal) =>
  apiRequest<PropertyReview>(validationPaths.review(propertyId), {
    token: authTokens.main(),
    signal,
    silent: true,
  });

export const usePropertyReview = (propertyId: string) =>
  useQuery({
    queryKey: keys.review(propertyId),
    queryFn: ({ signal }) => fetchReview(propertyId, signal),
  });

/** What an agent decides: on the property (or its pending revision) or on one announcement. */
export type DecisionTarget = { type: 'property' } | { type: 'announcement'; announcementId: string };

export interface DecisionInput {
  target: DecisionTarget;
  approve: boolean;
  reason?: string;
  /** The revision read in the review (decision 011): a newer one answers 409 REVISION_OUTDATED. */
  revision: number;
  /**
   * On the property only: its announcement pending validation decided in the same request (issue 23
   * point 6, decision 028), with the announcement's own reason and revision.
   */
  announcement?: { id: string; approve: boolean; reason?: string; revision: number };
}

/** POST .../validate. Silent: the page says what happened in SPEC 8's words. */
export function decide(propertyId: string, input: DecisionInput): Promise<unknown> {
  const joint = input.target.type === 'property' ? input.announcement : undefined;
  const body: PropertyValidationDecision = {
    validate: input.approve,
    revision: input.revision,
    ...(input.approve ? {} : { reasons: input.reason }),
    ...(joint
      ? {
          announcement: {
            id: joint.id,
            validate: joint.approve,
            revision: joint.revision,
            ...(joint.approve ? {} : { reasons: joint.reason }),
          },
        }
      : {}),
  };
  const path =
    input.target.type === 'property'
      ? validationPaths.validateProperty(propertyId)
      : validationPaths.validateAnnouncement(input.target.announcementId);
  return apiRequest(path, { method: 'POST', body, token: authTokens.main(), silent: true });
}

/** A decision; afterwards the review and the queue load again (settled either way: the state moved). */
export function useDecision(propertyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DecisionInput) => decide(propertyId, input),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
