import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatLongDate } from '@casaoferta/domain/format';
import { ApiError } from '../../../shared/api/api-error';
import { errorText } from '../../../shared/api/error-text';
import { QueryProvider } from '../../../shared/api/query-client';
import { paths } from '../../../shared/paths';
import { useSession, useSessionActions } from '../../../shared/session';
import { BottomSheet } from '../../../shared/ui/bottom-sheet';
import { showToast } from '../../../shared/ui/toast-store';
import {
  agentOptionsPaths,
  extendPeriod,
  markPaid,
  refundAnnouncementPayment,
  sendContactData,
  sendOffersEmail,
  sendPaymentLink,
  setBlocked,
  setVerified,
  validateAnnouncement,
  validateProperty,
} from '../agent-options-api';
import { downloadAsAgent, percentOf } from '../agent-download';
import { agentOptions, permissionNames } from '../option-rules';
import type { OptionId, OptionItem, SubjectUser } from '../option-rules';
import { pageNavigation } from '../page-navigation';
import { forgetBlockedUser, rememberBlockedUser } from '../remembered-user';
import { routeContext } from '../route-context';
import { agentOptionsTexts } from '../texts';
import { useOptionsState } from '../use-options-state';
import { CandidatePicker } from './candidate-picker';
import { ConfirmDialog, ExtendPeriodDialog, RefundDialog, RejectDialog } from './option-dialogs';
import '../agent-options.css';

const t = agentOptionsTexts;

type Modal =
  | 'block'
  | 'readmit'
  | 'validate-property'
  | 'reject-property'
  | 'validate-announcement'
  | 'reject-announcement'
  | 'extend-period'
  | 'mark-paid'
  | 'payment-link'
  | 'refund-payment'
  | 'solvency-report';

const modalActions: ReadonlySet<OptionId> = new Set<Modal>([
  'block',
  'readmit',
  'validate-property',
  'reject-property',
  'validate-announcement',
  'reject-announcement',
  'extend-period',
  'mark-paid',
  'payment-link',
  'refund-payment',
  'solvency-report',
]);
const isModal = (id: OptionId): id is Modal => modalActions.has(id);

export interface OptionsSheetProps {
  onClose: () => void;
}

/** Why a call failed, for the toast after SPEC 8's notice: the code's text when the server said one. */
function failureText(notice: string, error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 403) {
    return `${notice} ${errorText(error.code)}`;
  }
  if (error instanceof ApiError && error.status === 403) return `${notice} ${errorText('FORBIDDEN')}`;
  return notice;
}

/** SPEC 8: 'No se ha podido enviar los datos de contacto.' when the property has no announcement. */
function contactDataFailure(error: unknown): string {
  if (error instanceof ApiError && error.code === 'CONTACT_DATA_NO_ANNOUNCEMENT')
    return errorText(error.code);
  return failureText(t.notices.contactDataError, error);
}

function OptionsSheetContent({ onClose }: OptionsSheetProps) {
  const session = useSession();
  const { logout, refresh, stopImpersonating } = useSessionActions();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const route = routeContext(pathname);
  const permissions = permissionNames(session.agent);
  const state = useOptionsState(session, route, permissions);
  const [modal, setModal] = useState<Modal | null>(null);
  const [download, setDownload] = useState<{ label: string; percent: number | null } | null>(null);
  const statusId = useId();

  const items = agentOptions({
    route,
    permissions,
    impersonating: session.isImpersonating,
    subject: state.subject,
    property: state.property,
    announcement: state.announcement,
  });

  const runDownload = async (label: string, path: string, fallbackName: string) => {
    if (download) return;
    setDownload({ label, percent: null });
    try {
      const name = await downloadAsAgent(path, fallbackName, {
        onProgress: (progress) => setDownload({ label, percent: percentOf(progress) }),
      });
      showToast(t.download.done(name), 'success');
    } catch (error) {
      showToast(failureText(t.download.error(label), error), 'error');
    } finally {
      setDownload(null);
    }
  };

  /** Runs a change; on success shows `done`, refreshes what pages show and closes the sheet. */
  const change = async (
    run: () => Promise<unknown>,
    done: string | (() => string),
    failed: string | ((error: unknown) => string),
  ): Promise<boolean> => {
    try {
      await run();
    } catch (error) {
      showToast(typeof failed === 'string' ? failureText(failed, error) : failed(error), 'error');
      return false;
    }
    showToast(typeof done === 'string' ? done : done(), 'success');
    await queryClient.invalidateQueries();
    onClose();
    return true;
  };

  const toggleVerified = async (subject: SubjectUser, verified: boolean) => {
    const done = await change(
      () => setVerified(subject.id, verified),
      verified ? t.notices.verified(subject.name) : t.notices.unverified(subject.name),
      t.notices.verifyError,
    );
    // The session's copy of the impersonated user (SPEC 3 isVerified) reads the new state.
    if (done && session.isImpersonating) await refresh();
  };

  const setUserBlocked = async (subject: SubjectUser, blocked: boolean): Promise<boolean> => {
    try {
      await setBlocked(subject.id, blocked);
    } catch (error) {
      showToast(failureText(blocked ? t.confirm.block.error : t.confirm.readmit.error, error), 'error');
      return false;
    }
    // SPEC 4.6: the page reloads. A block ends the impersonation of the user with their other sessions,
    // so the agent lands on the agents' menu as himself, where the sheet still offers to readmit them.
    if (blocked) {
      rememberBlockedUser({ agentId: session.agent?.id ?? '', id: subject.id, name: subject.name });
      if (session.isImpersonating && session.impersonatedUser?.id === subject.id) {
        pageNavigation.assign(paths.agentsMenu);
        return true;
      }
    } else {
      forgetBlockedUser();
    }
    pageNavigation.reload();
    return true;
  };

  const choose = (item: OptionItem) => {
    if (item.disabledReason !== null) return;
    if (isModal(item.id)) {
      setModal(item.id);
      return;
    }
    const subject = state.subject;
    switch (item.id) {
      case 'offers-email':
        if (state.announcement) {
          const announcementId = state.announcement.id;
          let sentTo = '';
          void change(
            async () => {
              sentTo = (await sendOffersEmail(announcementId)).sentTo;
            },
            () => t.notices.offersEmailSent(sentTo),
            t.notices.offersEmailError,
          );
        }
        return;
      case 'contact-data':
        if (route.kind === 'property-detail') {
          const propertyId = route.propertyId;
          let sentTo = '';
          void change(
            async () => {
              sentTo = (await sendContactData(propertyId)).sentTo;
            },
            () => t.notices.contactDataSent(sentTo),
            contactDataFailure,
          );
        }
        return;
      case 'download-images':
        if (route.kind === 'property-detail') {
          void runDownload(item.label, agentOptionsPaths.propertyImages(route.propertyId), 'imagenes.zip');
        }
        return;
      case 'candidate-report':
        if (state.offer) {
          const { announcementId, offerId } = state.offer;
          void runDownload(
            item.label,
            agentOptionsPaths.candidateReport(announcementId, offerId),
            'informe-candidato.pdf',
          );
        }
        return;
      case 'download-documents':
        if (subject)
          void runDownload(item.label, agentOptionsPaths.userDocuments(subject.id), 'documentos.zip');
        return;
      case 'verify':
      case 'unverify':
        if (subject) void toggleVerified(subject, item.id === 'verify');
        return;
      case 'change-user':
        onClose();
        void stopImpersonating().then(() => navigate(paths.agentsMenu));
        return;
      case 'logout':
        onClose();
        void logout();
        return;
      default:
        return;
    }
  };

  const subject = state.subject;
  const announcement = state.announcement;
  const property = state.property;
  const revision = announcement?.revision ?? null;
  const closeModal = () => setModal(null);

  return (
    <>
      <BottomSheet open onClose={onClose} title={t.sheet.title} className="agent-options">
        {subject && (
          <p className="agent-options__subject">
            {t.sheet.subject(subject.name)}
            {subject.isVerified && <span className="badge">{t.sheet.subjectVerified}</span>}
            {subject.isBlocked && (
              <span className="badge agent-options__badge--blocked">{t.sheet.subjectBlocked}</span>
            )}
          </p>
        )}
        {state.loading ? (
          <p role="status">{t.sheet.loading}</p>
        ) : (
          <>
            {state.failed && <p className="muted">{t.sheet.loadError}</p>}
            <ul className="agent-options__list">
              {items.map((item) => (
                <OptionRow key={item.id} item={item} onChoose={choose} onNavigate={onClose} />
              ))}
            </ul>
          </>
        )}
        <div id={statusId} role="status" className="agent-options__download">
          {download && (
            <>
              <span>{t.download.progress(download.label, download.percent)}</span>
              <progress
                max={100}
                value={download.percent ?? undefined}
                aria-label={download.label}
                className="agent-options__progress"
              />
            </>
          )}
        </div>
      </BottomSheet>

      {modal === 'block' && subject && (
        <ConfirmDialog
          title={t.confirm.block.title}
          body={t.confirm.block.body(subject.name)}
          submitLabel={t.confirm.block.submit}
          danger
          onClose={closeModal}
          onConfirm={() => setUserBlocked(subject, true)}
        />
      )}
      {modal === 'readmit' && subject && (
        <ConfirmDialog
          title={t.confirm.readmit.title}
          body={t.confirm.readmit.body(subject.name)}
          submitLabel={t.confirm.readmit.submit}
          onClose={closeModal}
          onConfirm={() => setUserBlocked(subject, false)}
        />
      )}
      {modal === 'mark-paid' && announcement && (
        <ConfirmDialog
          title={t.confirm.markPaid.title}
          body={t.confirm.markPaid.body}
          submitLabel={t.confirm.markPaid.submit}
          onClose={closeModal}
          onConfirm={() =>
            change(() => markPaid(announcement.id), t.confirm.markPaid.done, t.confirm.markPaid.error)
          }
        />
      )}
      {modal === 'payment-link' && announcement && subject && (
        <ConfirmDialog
          title={t.confirm.paymentLink.title}
          body={t.confirm.paymentLink.body}
          submitLabel={t.confirm.paymentLink.submit}
          onClose={closeModal}
          onConfirm={() =>
            change(
              () => sendPaymentLink(announcement.id, subject.id),
              t.confirm.paymentLink.done,
              t.confirm.paymentLink.error,
            )
          }
        />
      )}
      {modal === 'refund-payment' && announcement && (
        <RefundDialog
          onClose={closeModal}
          onRefund={(reason) =>
            change(
              async () => {
                if (!(await refundAnnouncementPayment(announcement.id, reason)))
                  throw new Error(t.confirm.refundPayment.noPayment);
              },
              t.confirm.refundPayment.done,
              (error) =>
                error instanceof ApiError && error.code === 'REFUND_FAILED'
                  ? `${t.confirm.refundPayment.error} ${errorText(error.code)}`
                  : error instanceof Error && error.message === t.confirm.refundPayment.noPayment
                    ? t.confirm.refundPayment.noPayment
                    : failureText(t.confirm.refundPayment.error, error),
            )
          }
        />
      )}
      {modal === 'validate-property' && property && (
        <ConfirmDialog
          title={t.confirm.validateProperty.title}
          body={t.confirm.validateProperty.body}
          submitLabel={t.confirm.validateProperty.submit}
          onClose={closeModal}
          onConfirm={() =>
            change(
              () => validateProperty(property.id, { approve: true, revision: property.revision }),
              t.notices.propertyValidated,
              t.notices.propertyValidateError,
            )
          }
        />
      )}
      {modal === 'reject-property' && property && (
        <RejectDialog
          title={t.confirm.rejectProperty.title}
          body={t.confirm.rejectProperty.body}
          submitLabel={t.confirm.rejectProperty.submit}
          onClose={closeModal}
          onReject={(reasons) =>
            change(
              () => validateProperty(property.id, { approve: false, reasons, revision: property.revision }),
              t.notices.propertyRejected,
              t.notices.propertyRejectError,
            )
          }
        />
      )}
      {modal === 'validate-announcement' && announcement && revision !== null && (
        <ConfirmDialog
          title={t.confirm.validateAnnouncement.title}
          body={t.confirm.validateAnnouncement.body}
          submitLabel={t.confirm.validateAnnouncement.submit}
          onClose={closeModal}
          onConfirm={() =>
            change(
              () => validateAnnouncement(announcement.id, { approve: true, revision }),
              t.notices.announcementValidated,
              t.notices.announcementValidateError,
            )
          }
        />
      )}
      {modal === 'reject-announcement' && announcement && revision !== null && (
        <RejectDialog
          title={t.confirm.rejectAnnouncement.title}
          body={t.confirm.rejectAnnouncement.body}
          submitLabel={t.confirm.rejectAnnouncement.submit}
          onClose={closeModal}
          onReject={(reasons) =>
            change(
              () =>
                validateAnnouncement(announcement.id, {
                  approve: false,
                  reasons,
                  revision,
                }),
              t.notices.announcementRejected,
              t.notices.announcementRejectError,
            )
          }
        />
      )}
      {modal === 'extend-period' && announcement && (
        <ExtendPeriodDialog
          onClose={closeModal}
          onExtend={(days) => {
            let endsAt = '';
            return change(
              async () => {
                endsAt = formatLongDate(new Date((await extendPeriod(announcement.id, days)).endsAt));
              },
              () => t.confirm.extend.done(endsAt),
              t.confirm.extend.error,
            );
          }}
        />
      )}
      {modal === 'solvency-report' && announcement && (
        <CandidatePicker
          announcementId={announcement.id}
          onClose={closeModal}
          onPick={(offerId) => {
            closeModal();
            void runDownload(
              t.actions.solvencyReport,
              agentOptionsPaths.solvencyReport(announcement.id, offerId),
              'informe-solvencia.pdf',
            );
          }}
        />
      )}
    </>
  );
}

function OptionRow({
  item,
  onChoose,
  onNavigate,
}: {
  item: OptionItem;
  onChoose: (item: OptionItem) => void;
  onNavigate: () => void;
}) {
  const hintId = useId();
  const disabled = item.disabledReason !== null;
  if (item.id === 'create-listing') {
    return (
      <li>
        <Link className="agent-options__item" to={paths.newProperty()} onClick={onNavigate}>
          {item.label}
        </Link>
      </li>
    );
  }
  const danger = item.id === 'block' || item.id.startsWith('reject');
  return (
    <li>
      <button
        type="button"
        className={`agent-options__item${danger ? ' agent-options__item--danger' : ''}`}
        aria-disabled={disabled || undefined}
        aria-describedby={disabled ? hintId : undefined}
        aria-haspopup={isModal(item.id) ? 'dialog' : undefined}
        onClick={() => onChoose(item)}
      >
        {item.label}
      </button>
      {disabled && (
        <span id={hintId} className="agent-options__hint">
          {item.disabledReason}
        </span>
      )}
    </li>
  );
}

/** The Options sheet of the agent bar (SPEC 2.4, 6): its own lazy chunk, loaded on the first press. */
export default function OptionsSheet(props: OptionsSheetProps) {
  return (
    <QueryProvider>
      <OptionsSheetContent {...props} />
    </QueryProvider>
  );
}
