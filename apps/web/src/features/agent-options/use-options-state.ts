import { useQuery } from '@tanstack/react-query';
import { Permission } from '@casaoferta/domain/permissions';
import type { Session } from '../../shared/session';
import { fetchCandidateOffer, fetchOwnerOffers, fetchReview, fetchUserState } from './agent-options-api';
import type { AnnouncementState, PropertyState, SubjectUser } from './option-rules';
import { rememberedBlockedUser } from './remembered-user';
import type { RouteContext } from './route-context';

export const agentOptionsKeys = {
  all: ['agent-options'] as const,
  user: (id: string) => ['agent-options', 'user', id] as const,
  review: (propertyId: string) => ['agent-options', 'review', propertyId] as const,
  candidateOffer: (offerId: string) => ['agent-options', 'candidate-offer', offerId] as const,
  ownerOffers: (announcementId: string) => ['agent-options', 'owner-offers', announcementId] as const,
};

export interface OptionsState {
  loading: boolean;
  /** Some state could not be read: the actions that need it show as unknown. */
  failed: boolean;
  subject: SubjectUser | null;
  property: PropertyState | null;
  announcement: AnnouncementState | null;
  /** The announcement and offer of OfferDetail. */
  offer: { announcementId: string; offerId: string } | null;
}

const fullName = (person: { name: string; surname?: string }) =>
  `${person.name} ${person.surname ?? ''}`.trim();

/**
 * What the Options sheet needs to enable its actions: the user acted on (GET /api/agents/users/{id}),
 * the property's review (its validation, images and announcements with their revisions), and on
 * OfferDetail the candidate's offer (read with the impersonated token, as the page does).
 */
export function useOptionsState(session: Session, route: RouteContext, permissions: ReadonlySet<string>) {
  const impersonated = session.isImpersonating ? session.impersonatedUser : null;
  const remembered = impersonated ? null : rememberedBlockedUser(session.agent?.id);
  const subjectId = impersonated?.id ?? remembered?.id ?? null;

  const userState = useQuery({
    queryKey: agentOptionsKeys.user(subjectId ?? ''),
    queryFn: ({ signal }) => fetchUserState(subjectId ?? '', signal),
    enabled: subjectId !== null,
  });

  const offerId = route.kind === 'offer-detail' ? route.offerId : null;
  const candidateOffer = useQuery({
    queryKey: agentOptionsKeys.candidateOffer(offerId ?? ''),
    queryFn: ({ signal }) =>
      route.kind === 'offer-detail'
        ? fetchCandidateOffer(route.announcementId, route.offerId, signal)
        : Promise.reject(new Error('not an offer')),
    enabled: offerId !== null && impersonated !== null,
  });

  const propertyId =
    route.kind === 'property-detail' || route.kind === 'announcement-form'
      ? route.propertyId
      : (candidateOffer.data?.announcement.propertyId ?? null);
  const canReview = permissions.has(Permission.ValidateProperties);
  const review = useQuery({
    queryKey: agentOptionsKeys.review(propertyId ?? ''),
    queryFn: ({ signal }) => fetchReview(propertyId ?? '', signal),
    enabled: propertyId !== null && canReview,
  });

  // The announcement the route names, else (PropertyDetail) the property's newest one.
  const namedAnnouncementId =
    route.kind === 'offer-detail' || route.kind === 'announcement-form' ? route.announcementId : null;
  const reviewed = review.data?.announcements ?? [];
  const current =
    namedAnnouncementId !== null
      ? reviewed.find((item) => item.id === namedAnnouncementId)
      : route.kind === 'property-detail'
        ? reviewed.at(-1)
        : undefined;
  const announcementId = namedAnnouncementId ?? current?.id ?? null;

  const ownerOffers = useQuery({
    queryKey: agentOptionsKeys.ownerOffers(announcementId ?? ''),
    queryFn: ({ signal }) => fetchOwnerOffers(announcementId ?? '', signal),
    enabled: route.kind === 'property-detail' && impersonated !== null && announcementId !== null,
  });

  let subject: SubjectUser | null = null;
  if (impersonated) {
    subject = {
      id: impersonated.id,
      name: fullName(impersonated),
      isBlocked: userState.data?.isBlocked ?? impersonated.isBlocked,
      isVerified: userState.data?.isVerified ?? impersonated.isVerified,
    };
  } else if (remembered && userState.data?.isBlocked) {
    // Only to readmit: once readmitted (here or elsewhere) the remembered user is no one's business.
    subject = { id: remembered.id, name: fullName(userState.data), isBlocked: true, isVerified: false };
  }

  const property: PropertyState | null = review.data
    ? {
        id: review.data.id,
        validationStatus: review.data.validationStatus,
        revision: review.data.revision,
        hasPendingRevision: review.data.pendingRevision !== null,
        imageCount: (review.data.pendingRevision ?? review.data.live).images.length,
      }
    : null;

  const statusCode = current?.statusCode ?? candidateOffer.data?.announcement.statusCode ?? null;
  const announcement: AnnouncementState | null =
    announcementId !== null && statusCode !== null
      ? {
          id: announcementId,
          statusCode,
          offersCount: ownerOffers.data ? ownerOffers.data.received : null,
          revision: current?.revision ?? null,
          isPaid: current?.isPaid ?? null,
        }
      : null;

  const queries = [userState, candidateOffer, review, ownerOffers];
  return {
    loading: queries.some((query) => query.isLoading),
    failed: queries.some((query) => query.isError),
    subject,
    property,
    announcement,
    offer:
      route.kind === 'offer-detail' ? { announcementId: route.announcementId, offerId: route.offerId } : null,
  } satisfies OptionsState;
}
