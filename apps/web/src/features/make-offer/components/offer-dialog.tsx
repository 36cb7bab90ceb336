import { errorMessages } from '@casaoferta/domain/errors';
import { BottomSheet } from '../../../shared/ui/bottom-sheet';
import { Button } from '../../../shared/ui/button';
import { priceIssue, priceReady, type OfferSubject } from '../offer-form';
import { makeOfferTexts } from '../texts';
import type { OfferFlow } from '../use-offer-flow';
import { AmountField } from './amount-field';
import { FlowAlert } from './flow-alert';
import { ShareDocuments } from './share-documents';
import { PriceFacts, SummaryBox } from './summary-box';

export interface OfferDialogProps {
  subject: OfferSubject;
  flow: OfferFlow;
  title: string;
  onClose: () => void;
}

/**
 * The price step (SPEC 2.5, 5.1): the summary box, the reference price or highest offer and my own
 * offer, the amount with its steppers. The button stays disabled while the amount is outside the bounds;
 * it reads 'Enviar oferta' where it sends, 'Siguiente' where the management dialog or the login follows.
 */
export function OfferDialog({ subject, flow, title, onClose }: OfferDialogProps) {
  const { values, error } = flow;
  const issue = priceIssue(subject, values);
  const amountError =
    (issue ? errorMessages[issue.code] : undefined) ?? (error?.field === 'amount' ? error.text : undefined);
  return (
    <BottomSheet
      open
      onClose={onClose}
      title={title}
      className="offer-dialog"
      footer={
        <Button
          size="lg"
          block
          disabled={!priceReady(subject, values)}
          loading={flow.busy}
          onClick={() => void flow.submitPrice()}
        >
          {flow.sendsFromPrice ? makeOfferTexts.buttons.sendOffer : makeOfferTexts.buttons.next}
        </Button>
      }
    >
      <form
        className="offer-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void flow.submitPrice();
        }}
      >
        <SummaryBox subject={subject} values={values} />
        <PriceFacts subject={subject} own={flow.own} />
        <AmountField subject={subject} values={values} onChange={flow.update} error={amountError} />
        {/* The price step is the last one when it sends: the sharing block is here then (issue 23 point 7). */}
        {flow.sendsFromPrice && <ShareDocuments share={flow.share} />}
        {error && error.field !== 'amount' && <FlowAlert text={error.text} />}
      </form>
    </BottomSheet>
  );
}
