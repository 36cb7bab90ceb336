import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PropertyValidationStatus } from '@casaoferta/domain/codes';
import { coreErrorMessages } from '@casaoferta/domain/errors-core';
import { Permission, type PermissionName } from '@casaoferta/domain/permissions';
import type { PropertyReview } from '@casaoferta/domain/schemas/moderation';
import { paths } from '../../../shared/paths';
import { ApiError } from '../../../shared/api/api-error';
import { errorText } from '../../../shared/api/error-text';
import { QueryProvider } from '../../../shared/api/query-client';
import { useSession, type SessionUser } from '../../../shared/session';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { ErrorState } from '../../../shared/ui/error-state';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast-store';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { DecisionDialog } from '../components/decision-dialog';
import { PropertyVersion, RevisionChanges } from '../components/property-version';
import {
  ReviewAnnouncements,
  announcementTitleOf,
  type ReviewAnnouncement,
} from '../components/review-announcements';
import {
  jointAnnouncement,
  propertyDecisions,
  revisionPending,
  tone,
  validationStatusLabel,
} from '../review-view';
import { validationTexts } from '../texts';
import { usePlaceNames } from '../use-place-names';
import { useDecision, usePropertyReview, type DecisionInput } from '../validation-api';
import '../validation-queue.css';

const t = validationTexts.review;
const d = validationTexts.dialogs;
const notices = validationTexts.notices;

/** The agent's own permissions (roles and direct), which the API checks on each decision. */
function agentCan(agent: SessionUser | null, permission: PermissionName): boolean {
  if (!agent) return false;
  return (
    agent.permissions.includes(permission) ||
    agent.roles.some((role) => role.permissions.includes(permission))
  );
}

/** The decision being confirmed in SPEC 2.4's modal. */
type Pending =
  | { on: 'property'; approve: boolean }
  | { on: 'announcement'; approve: boolean; announcement: ReviewAnnouncement; title: string }
  /** Issue 23 point 6: the property validated with its announcement validated or rejected. */
  | { on: 'joint'; approveAnnouncement: boolean; announcement: ReviewAnnouncement; title: string };

/** The announcement sent with the property (decided with it), and its title. */
interface Joint {
  announcement: ReviewAnnouncement;
  title: string;
}

function dialogTexts(pending: Pending, review: PropertyReview, joint: Joint | null) {
  const ref = review.reference;
  if (pending.on === 'joint') {
    const texts = pending.approveAnnouncement ? d.acceptBoth : d.acceptPropertyRejectAnnouncement;
    return { title: texts.title, body: texts.body(ref, pending.title), confirm: texts.confirm };
  }
  if (pending.on === 'announcement') {
    const texts = pending.approve ? d.acceptAnnouncement : d.rejectAnnouncement;
    return { title: texts.title, body: texts.body(pending.title), confirm: texts.confirm };
  }
  if (revisionPending(review)) {
    const texts = pending.approve ? d.acceptRevision : d.rejectRevision;
    return { title: texts.title, body: texts.body(ref), confirm: texts.confirm };
  }
  if (pending.approve) {
    return {
      title: d.acceptProperty.title,
      body: d.acceptProperty.body(ref),
      confirm: d.acceptProperty.confirm,
    };
  }
  const body =
    review.validationStatus === PropertyValidationStatus.Validated
      ? d.rejectProperty.bodyValidated(ref)
      : joint
        ? d.rejectPropertyAnnouncementWaits(ref, joint.title)
        : d.rejectProperty.body(ref);
  return { title: d.rejectProperty.title, body, confirm: d.rejectProperty.confirm };
}

/** SPEC 8's notice for each outcome. */
function noticeOf(pending: Pending, succeeded: boolean): string {
  if (pending.on === 'joint') {
    if (!succeeded) return notices.propertyValidateFailed;
    return pending.approveAnnouncement
      ? notices.bothValidated
      : notices.propertyValidatedAnnouncementRejected;
  }
  if (pending.on === 'property') {
    if (succeeded) return pending.approve ? notices.propertyValidated : notices.propertyRejected;
    return pending.approve ? notices.propertyValidateFailed : notices.propertyRejectFailed;
  }
  if (succeeded) return pending.approve ? notices.announcementValidated : notices.announcementRejected;
  return pending.approve ? notices.announcementValidateFailed : notices.announcementRejectFailed;
}

/** What the API said, in its words (the error catalogue's Spanish text). */
function apiMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return errorText('INTERNAL_ERROR');
  if (error.status === 403) return coreErrorMessages.FORBIDDEN;
  return error.message || errorText(error.code);
}

function PropertyDecision({
  review,
  allowed,
  joint,
  onDecide,
  onDecideJoint,
}: {
  review: PropertyReview;
  allowed: boolean;
  /** The announcement sent with the property, when the agent may decide both (both permissions). */
  joint: Joint | null;
  onDecide: (approve: boolean) => void;
  onDecideJoint: (approveAnnouncement: boolean) => void;
}) {
  const hintId = useId();
  const can = propertyDecisions(review);
  const revision = revisionPending(review);
  const hint = !allowed ? t.noPermission : !can.validate && !can.reject ? t.nothingToDecide : null;
  return (
    <section className="card stack" aria-labelledby="vq-decision-title">
      <div className="vq-announcement__head">
        <h2 id="vq-decision-title" className="card__title">
          {t.validation}
        </h2>
        <span className={`badge vq-badge--${tone(review.validationStatus)}`}>
          {validationStatusLabel(review.validationStatus)}
        </span>
      </div>
      {review.validationReason && <p className="alert alert--error">{t.reason(review.validationReason)}</p>}
      {joint && allowed && can.validate && <p>{t.jointIntro(joint.title)}</p>}
      <div className="vq-actions" role="group" aria-label={t.actionsLabel}>
        {joint && allowed && can.validate && (
          <>
            <Button variant="primary" onClick={() => onDecideJoint(true)}>
              {t.validateBoth}
            </Button>
            <Button variant="secondary" onClick={() => onDecideJoint(false)}>
              {t.validateRejectAnnouncement}
            </Button>
          </>
        )}
        <Button
          variant={joint && allowed && can.validate ? 'secondary' : 'primary'}
          disabled={!allowed || !can.validate}
          aria-describedby={hint ? hintId : undefined}
          onClick={() => onDecide(true)}
        >
          {revision ? t.validateRevision : t.validateProperty}
        </Button>
        <Button
          variant="danger"
          disabled={!allowed || !can.reject}
          aria-describedby={hint ? hintId : undefined}
          onClick={() => onDecide(false)}
        >
          {revision ? t.rejectRevision : t.rejectProperty}
        </Button>
      </div>
      {hint && (
        <p id={hintId} className="muted text-sm">
          {hint}
        </p>
      )}
    </section>
  );
}

function Review({ review, now }: { review: PropertyReview; now: number }) {
  const session = useSession();
  const decision = useDecision(review.id);
  const [pending, setPending] = useState<Pending | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [outdated, setOutdated] = useState<string | null>(null);
  // After a decision the button that opened the dialog may be disabled (the state moved on): the focus
  // then goes to the page's heading rather than getting lost on the body.
  const heading = useRef<HTMLHeadingElement>(null);
  const [decisions, setDecisions] = useState(0);
  useEffect(() => {
    if (decisions === 0) return;
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body || active.matches(':disabled'))
      heading.current?.focus();
    // Again when the review reloaded: that is when the button may become disabled.
  }, [decisions, review]);
  const places = usePlaceNames([
    review.live.provinceCode,
    review.pendingRevision?.fields.provinceCode ?? null,
  ]);
  const municipalityName = review.live.municipalityCode
    ? places.municipalities.get(review.live.municipalityCode)
    : undefined;

  const waiting = jointAnnouncement(review);
  const joint: Joint | null = waiting
    ? { announcement: waiting, title: announcementTitleOf(waiting, review, municipalityName) }
    : null;

  const open = (next: Pending) => {
    setDialogError(null);
    setPending(next);
  };
  const close = () => {
    if (!decision.isPending) setPending(null);
  };

  const confirm = (reason: string) => {
    if (!pending) return;
    const input: DecisionInput =
      pending.on === 'joint'
        ? {
            target: { type: 'property' },
            approve: true,
            revision: review.revision,
            announcement: {
              id: pending.announcement.id,
              approve: pending.approveAnnouncement,
              reason,
              revision: pending.announcement.revision,
            },
          }
        : pending.on === 'property'
          ? { target: { type: 'property' }, approve: pending.approve, reason, revision: review.revision }
          : {
              target: { type: 'announcement', announcementId: pending.announcement.id },
              approve: pending.approve,
              reason,
              revision: pending.announcement.revision,
            };
    decision.mutate(input, {
      onSuccess: () => {
        setOutdated(null);
        setPending(null);
        setDecisions((n) => n + 1);
        showToast(noticeOf(pending, true), 'success');
      },
      onError: (error) => {
        // The owner changed it since the review was read: nothing changed; read it again.
        if (error instanceof ApiError && error.code === 'REVISION_OUTDATED') {
          setPending(null);
          setDecisions((n) => n + 1);
          setOutdated(apiMessage(error));
          return;
        }
        setDialogError(apiMessage(error));
        showToast(noticeOf(pending, false), 'error');
      },
    });
  };

  const texts = pending ? dialogTexts(pending, review, joint) : null;
  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="section__title">
        {t.title(review.reference)}
      </h1>
      {outdated && (
        <div className="alert alert--error" role="alert">
          <p>{outdated}</p>
          <p>{t.revisionOutdated}</p>
        </div>
      )}
      <PropertyDecision
        review={review}
        allowed={agentCan(session.agent, Permission.ValidateProperties)}
        joint={agentCan(session.agent, Permission.ValidateAnnouncements) ? joint : null}
        onDecide={(approve) => open({ on: 'property', approve })}
        onDecideJoint={(approveAnnouncement) => joint && open({ on: 'joint', approveAnnouncement, ...joint })}
      />
      <RevisionChanges review={review} places={places} now={now} />
      <PropertyVersion
        title={review.pendingRevision ? t.currentTitle : t.currentTitleNew}
        intro={review.pendingRevision ? t.currentIntro : undefined}
        fields={review.live}
        images={review.live.images}
        places={places}
      />
      <ReviewAnnouncements
        review={review}
        municipalityName={municipalityName}
        allowed={agentCan(session.agent, Permission.ValidateAnnouncements)}
        onDecide={(announcement, title, approve) =>
          open({ on: 'announcement', approve, announcement, title })
        }
      />
      {pending && texts && (
        <DecisionDialog
          title={texts.title}
          body={texts.body}
          confirmLabel={texts.confirm}
          reject={pending.on === 'joint' ? !pending.approveAnnouncement : !pending.approve}
          busy={decision.isPending}
          error={dialogError}
          onConfirm={confirm}
          onClose={close}
        />
      )}
    </>
  );
}

function ReviewLoader({ propertyId }: { propertyId: string }) {
  const query = usePropertyReview(propertyId);
  if (query.isPending) return <Spinner block label={t.loading} />;
  if (query.isError) {
    const notFound =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return notFound ? (
      <ErrorState title={t.notFoundTitle} description={t.notFoundText} headingLevel={1} />
    ) : (
      <ErrorState title={t.loadErrorTitle} headingLevel={1} onRetry={() => void query.refetch()} />
    );
  }
  return <Review review={query.data} now={query.dataUpdatedAt} />;
}

/** /agents-validation/:propertyId (agents only): review a property, its changes and its announcements. */
export default function ValidationReviewPage() {
  const { propertyId = '' } = useParams();
  useDocumentTitle(t.documentTitle);
  return (
    <QueryProvider>
      <div className="page-narrow stack">
        <Link className={buttonClassName('ghost', 'sm', false, 'vq-back')} to={paths.agentsValidation()}>
          {t.backToQueue}
        </Link>
        <ReviewLoader key={propertyId} propertyId={propertyId} />
      </div>
    </QueryProvider>
  );
}
