import { useEffect } from 'react';
import type { MyOffer } from '@casaoferta/domain/schemas/offers';
import { isVisitRequest, type OfferSubject } from '../offer-form';
import { makeOfferTexts } from '../texts';
import { useOfferFlow } from '../use-offer-flow';
import { ConfirmationDialog } from './confirmation-dialog';
import { ManagementDialog } from './management-dialog';
import { OfferDialog } from './offer-dialog';
import '../make-offer.css';

const t = makeOfferTexts.titles;

export interface OfferFlowProps {
  subject: OfferSubject;
  logged: boolean;
  profileCompleted: boolean;
  restoreDraft: boolean;
  /** The first dialog is on screen (or the flow ended before one). */
  onReady: () => void;
  onClose: () => void;
  onNeedLogin: () => void;
  onSent: (offer: MyOffer) => void;
}

/**
 * The offer flow's dialogs, one at a time (its own chunk, loaded on the first press of the page's
 * button). Each step is its own dialog: the next one takes the focus, and closing the last gives it
 * back to the page's button.
 */
export default function OfferFlow(props: OfferFlowProps) {
  const { subject, onReady, onClose } = props;
  const flow = useOfferFlow({
    subject,
    logged: props.logged,
    profileCompleted: props.profileCompleted,
    restoreDraft: props.restoreDraft,
    onNeedLogin: props.onNeedLogin,
    onSent: props.onSent,
    onAbort: onClose,
  });
  const { step } = flow;
  const loaded = step.name !== 'loading';
  useEffect(() => {
    if (loaded) onReady();
  }, [loaded, onReady]);

  const title = isVisitRequest(subject) ? t.visit : flow.editing ? t.edit : t.make;
  switch (step.name) {
    case 'loading':
      return null;
    case 'price':
      return <OfferDialog key="price" subject={subject} flow={flow} title={title} onClose={onClose} />;
    case 'management':
      return (
        <ManagementDialog
          key="management"
          subject={subject}
          flow={flow}
          management={step.management}
          title={title}
          onClose={onClose}
        />
      );
    case 'confirmation':
      return (
        <ConfirmationDialog
          key="confirmation"
          subject={subject}
          offer={step.offer}
          edited={step.edited}
          profileIncomplete={step.profileIncomplete}
          onClose={onClose}
        />
      );
  }
}
