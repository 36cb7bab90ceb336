import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessages, isErrorCode, type ErrorCode } from '@casaoferta/domain/errors';
import { needsEmployment, offerKind, type OfferDraft } from '@casaoferta/domain/rules/offer-rules';
import type { MyOffer, OfferManagement } from '@casaoferta/domain/schemas/offers';
import type { Masters } from '@casaoferta/domain/schemas/masters';
import { ApiError } from '../../shared/api/api-error';
import { loadMasters } from '../../shared/api/masters-cache';
import type { SelectOption } from '../../shared/ui/select';
import { newId } from '../../shared/new-id';
import { showToast } from '../../shared/ui/toast-store';
import { checkPendingOffer, fetchMyCurrentOffer, sendOffer } from './api/offers';
import { clearOfferDraft, saveOfferDraft, takeOfferDraft } from './draft';
import { makeOfferTexts } from './texts';
import { useShareChoice } from './use-share-choice';
import { lastSaveToProfileChoice, rememberSaveToProfileChoice } from './save-choice';
import {
  fullIssue,
  initialValues,
  isVisitRequest,
  offerBody,
  priceReady,
  profileCompleteFor,
  type OfferFormValues,
  type OfferSubject,
  type ProfileState,
} from './offer-form';

/**
 * The offer dialog's flow (SPEC 4.2): the price step; then, for sales, visit requests and incomplete
 * profiles, the pending-offer call and the management dialog; then the send and the confirmation.
 * Rentals with a complete profile are sent straight from the price step.
 */
export type FlowStep =
  | { name: 'loading' }
  | { name: 'price' }
  | { name: 'management'; management: OfferManagement }
  | { name: 'confirmation'; offer: MyOffer; edited: boolean; profileIncomplete: boolean };

/** The master lists the management dialog chooses from (GET /api/masters). */
export interface OfferLists {
  paymentTypes: SelectOption[];
  reasonsPurchase: SelectOption[];
  contractTypes: SelectOption[];
}

const options = (list: Masters['offerAttributes'][string] | undefined): SelectOption[] =>
  (list ?? []).map((item) => ({ value: item.code, label: item.label }));

const listsOf = (masters: Masters): OfferLists => ({
  paymentTypes: options(masters.offerAttributes.paymentTypes),
  reasonsPurchase: options(masters.offerAttributes.reasonsPurchase),
  contractTypes: options(masters.userAttributes.userRenterTypeContract),
});

/** A failure to show: on its field when it has one the open step shows, else above the buttons. */
export interface FlowError {
  text: string;
  field: keyof OfferDraft | null;
}

export interface OfferFlowOptions {
  subject: OfferSubject;
  logged: boolean;
  /** The session's `hasProfileCompleted`: a rental is then sent without the management dialog. */
  profileCompleted: boolean;
  /** Reopened after login: start from the draft the visitor left. */
  restoreDraft: boolean;
  /** Not logged: the draft is saved; take the visitor to the login. */
  onNeedLogin: () => void;
  onSent: (offer: MyOffer) => void;
  /** The flow cannot go on (a visit request refused before any dialog, told in a toast): close it. */
  onAbort: () => void;
}

const ruleField = (field: string | undefined): keyof OfferDraft | null => {
  const fields: readonly (keyof OfferDraft)[] = [
    'amount',
    'offerPaymentType',
    'reasonPurchaseCode',
    'mortgageAmount',
    'nif',
    'typeContractCode',
    'salary',
  ];
  return fields.find((name) => name === field) ?? null;
};

/** The shared texts word these as an offer's: a visit request says its own (issue 23 point 9). */
const isVisitError = (code: string): code is keyof typeof makeOfferTexts.visitErrors =>
  Object.hasOwn(makeOfferTexts.visitErrors, code);

/** Rule errors keep their text and field; anything unexpected reads as SPEC 8's offer failure. */
function flowError(error: unknown, visit: boolean): FlowError {
  const failed: ErrorCode = visit ? 'VISIT_REQUEST_FAILED' : 'OFFER_CREATE_FAILED';
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500 || !isErrorCode(error.code)) {
    return { text: errorMessages[failed], field: null };
  }
  const text =
    error.status === 403
      ? errorMessages.FORBIDDEN
      : visit && isVisitError(error.code)
        ? makeOfferTexts.visitErrors[error.code]
        : errorMessages[error.code];
  return { text, field: ruleField(error.field) };
}

export function useOfferFlow(options: OfferFlowOptions) {
  const { subject, logged, profileCompleted, restoreDraft } = options;
  const visit = isVisitRequest(subject);
  const [step, setStep] = useState<FlowStep>({ name: 'loading' });
  const [own, setOwn] = useState<MyOffer | null>(null);
  const [values, setValues] = useState<OfferFormValues>(() => initialValues(subject, null, newId()));
  const [error, setError] = useState<FlowError | null>(null);
  const [lists, setLists] = useState<OfferLists>({
    paymentTypes: [],
    reasonsPurchase: [],
    contractTypes: [],
  });
  const [busy, setBusy] = useState(false);
  /** Set at once on a press, so a second press before React re-renders sends nothing (double submit). */
  const sending = useRef(false);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const editing = own !== null;
  // Sharing my documents with this offer's owner (issue 23 point 7): part of the offer request.
  const share = useShareChoice(step.name !== 'loading', logged, own);
  const shareRequest = share.request;
  /** The price step sends at once (a rental with a complete profile); else a step follows it. */
  const sendsFromPrice = logged && offerKind(subject) === 'rental' && profileCompleted;

  const send = useCallback(
    async (formValues: OfferFormValues, state: ProfileState) => {
      const body = offerBody(subject, formValues, state);
      if (shareRequest !== undefined) body.shareDocuments = shareRequest;
      const offer = await sendOffer(subject.announcementId, body);
      clearOfferDraft(subject.announcementId);
      // The box starts next time as it was sent (issue 23 point 9), when it was shown at all.
      if (needsEmployment(state)) rememberSaveToProfileChoice(formValues.saveToProfile);
      setStep({
        name: 'confirmation',
        offer,
        edited: state.editing,
        profileIncomplete: !state.profileComplete,
      });
      latest.current.onSent(offer);
    },
    [subject, shareRequest],
  );

  const toManagement = useCallback(
    async (formValues: OfferFormValues) => {
      const management = await checkPendingOffer(subject.announcementId, {
        offerId: formValues.id,
        amount: visit ? 0 : (formValues.amount ?? 0),
        offerPaymentType: formValues.offerPaymentType,
      });
      setStep({ name: 'management', management });
    },
    [subject, visit],
  );

  /** Runs one call of the flow with the double-submit guard and the error mapping. */
  const run = useCallback(
    async (call: () => Promise<void>) => {
      if (sending.current) return false;
      sending.current = true;
      setBusy(true);
      setError(null);
      try {
        await call();
        return true;
      } catch (caught) {
        setError(flowError(caught, visit));
        return false;
      } finally {
        sending.current = false;
        setBusy(false);
      }
    },
    [visit],
  );

  // Opening: my current offer (logged only), the draft after a login, then the first step. Once per
  // opening: live updates of the page's announcement (a new highest offer) only change the bounds shown.
  const subjectRef = useRef(subject);
  useEffect(() => {
    subjectRef.current = subject;
  });
  const { announcementId } = subject;
  useEffect(() => {
    const subject = subjectRef.current;
    const controller = new AbortController();
    const start = async () => {
      const [current, masters] = await Promise.all([
        logged ? fetchMyCurrentOffer(subject.announcementId, controller.signal).catch(() => null) : null,
        loadMasters().catch(() => null),
      ]);
      if (controller.signal.aborted) return;
      if (!masters) {
        showToast(errorMessages[visit ? 'VISIT_REQUEST_FAILED' : 'OFFER_CREATE_FAILED'], 'error');
        latest.current.onAbort();
        return;
      }
      setLists(listsOf(masters));
      const draft = restoreDraft ? takeOfferDraft(subject.announcementId) : null;
      const base = { ...initialValues(subject, current, newId()), saveToProfile: lastSaveToProfileChoice() };
      const start = draft ? { ...draft, id: current?.id ?? draft.id } : base;
      setOwn(current);
      setValues(start);
      if (!visit) {
        setStep({ name: 'price' });
        return;
      }
      // A visit request has no price to choose: straight to its data, after the login when needed.
      if (!logged) {
        saveOfferDraft(subject.announcementId, start);
        latest.current.onNeedLogin();
        return;
      }
      try {
        const management = await checkPendingOffer(subject.announcementId, {
          offerId: start.id,
          amount: 0,
          offerPaymentType: start.offerPaymentType,
        });
        if (!controller.signal.aborted) setStep({ name: 'management', management });
      } catch (caught) {
        if (controller.signal.aborted) return;
        showToast(flowError(caught, true).text, 'error');
        latest.current.onAbort();
      }
    };
    void start();
    return () => controller.abort();
  }, [announcementId, logged, restoreDraft, visit]);

  const update = useCallback((patch: Partial<OfferFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setError((current) => (current && current.field && current.field in patch ? null : current));
  }, []);

  /** The price step's button. */
  const submitPrice = useCallback(async () => {
    if (!priceReady(subject, values)) return;
    if (!logged) {
      saveOfferDraft(subject.announcementId, values);
      latest.current.onNeedLogin();
      return;
    }
    if (sendsFromPrice) {
      await run(() => send(values, { editing, profileComplete: true }));
      return;
    }
    await run(() => toManagement(values));
  }, [subject, values, logged, sendsFromPrice, editing, run, send, toManagement]);

  /** The management step's send button: the first broken rule goes on its field; else the offer is sent. */
  const submitManagement = useCallback(
    async (management: OfferManagement) => {
      const state: ProfileState = { editing, profileComplete: profileCompleteFor(subject, management) };
      const issue = fullIssue(subject, values, state);
      if (issue) {
        setError({ text: errorMessages[issue.code], field: issue.field });
        return issue.field;
      }
      await run(() => send(values, state));
      return null;
    },
    [subject, values, editing, run, send],
  );

  return {
    step,
    values,
    lists,
    own,
    editing,
    sendsFromPrice,
    busy,
    error,
    share,
    update,
    submitPrice,
    submitManagement,
    needsEmploymentFor: (management: OfferManagement) =>
      needsEmployment({ profileComplete: profileCompleteFor(subject, management) }),
  };
}

export type OfferFlow = ReturnType<typeof useOfferFlow>;
