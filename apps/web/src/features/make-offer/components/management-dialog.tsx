import { useRef } from 'react';
import { OfferPaymentType } from '@casaoferta/domain/codes';
import { errorMessages } from '@casaoferta/domain/errors';
import { offerKind, type OfferDraft } from '@casaoferta/domain/rules/offer-rules';
import type { OfferManagement } from '@casaoferta/domain/schemas/offers';
import { BottomSheet } from '../../../shared/ui/bottom-sheet';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { FieldFrame } from '../../../shared/ui/field-parts';
import { MoneyInput } from '../../../shared/ui/money-input';
import { RadioGroup } from '../../../shared/ui/radio-group';
import { Select } from '../../../shared/ui/select';
import { TextField } from '../../../shared/ui/text-field';
import {
  isSaleOffer,
  isVisitRequest,
  mortgageTypingIssue,
  type OfferFormValues,
  type OfferSubject,
} from '../offer-form';
import { makeOfferTexts } from '../texts';
import type { OfferFlow, OfferLists } from '../use-offer-flow';
import { FlowAlert } from './flow-alert';
import { ShareDocuments } from './share-documents';
import { PriceFacts, SummaryBox } from './summary-box';
import { ArrasTermsBlock } from './arras-terms';

const t = makeOfferTexts;

/** Each field's element id, so the first broken rule can take the focus. */
const fieldId = (field: keyof OfferDraft) => `offer-field-${field}`;

interface SectionProps {
  lists: OfferLists;
  values: OfferFormValues;
  onChange: (patch: Partial<OfferFormValues>) => void;
  errorFor: (field: keyof OfferDraft) => string | undefined;
}

/** SPEC 5.2: purchase conditions, the mortgage (only with Hipoteca) and the reason for purchase. */
function SaleSection({ lists, values, onChange, errorFor }: SectionProps) {
  const mortgage = values.offerPaymentType === OfferPaymentType.Mortgage;
  return (
    <fieldset className="offer-section">
      <legend className="offer-section__title">{t.sale.title}</legend>
      <RadioGroup
        legend={t.sale.paymentType}
        name="offerPaymentType"
        options={lists.paymentTypes}
        value={values.offerPaymentType}
        inline
        required
        onChange={(value) =>
          onChange({
            offerPaymentType:
              value === OfferPaymentType.Mortgage ? OfferPaymentType.Mortgage : OfferPaymentType.Cash,
          })
        }
      />
      <MoneyInput
        id={fieldId('mortgageAmount')}
        label={t.sale.mortgageAmount}
        unit="euro"
        hint={mortgage ? undefined : t.sale.mortgageHint}
        value={values.mortgageAmount}
        disabled={!mortgage}
        required={mortgage}
        error={errorFor('mortgageAmount')}
        onChange={(amount, problem) =>
          onChange({ mortgageAmount: amount, mortgageUnreadable: problem !== null })
        }
      />
      <Checkbox
        label={t.sale.preApproved}
        checked={mortgage && values.mortgagePreApproved}
        disabled={!mortgage}
        onChange={(event) => onChange({ mortgagePreApproved: event.currentTarget.checked })}
      />
      <Select
        id={fieldId('reasonPurchaseCode')}
        label={t.sale.reason}
        options={lists.reasonsPurchase}
        required
        value={values.reasonPurchaseCode}
        error={errorFor('reasonPurchaseCode')}
        onChange={(event) => onChange({ reasonPurchaseCode: event.currentTarget.value })}
      />
      <FieldFrame label={t.sale.note}>
        {(control) => (
          <textarea
            {...control}
            className="input offer-note"
            rows={3}
            maxLength={2000}
            value={values.description}
            onChange={(event) => onChange({ description: event.currentTarget.value })}
          />
        )}
      </FieldFrame>
    </fieldset>
  );
}

/** SPEC 5.3: asked while the profile is incomplete; a sale needs only the contract type. */
function EmploymentSection({
  lists,
  values,
  onChange,
  errorFor,
  rental,
  visit,
}: SectionProps & { rental: boolean; visit: boolean }) {
  return (
    <fieldset className="offer-section">
      <legend className="offer-section__title">{t.employment.title}</legend>
      <p className="muted offer-section__lead">{visit ? t.employment.visitLead : t.employment.lead}</p>
      {rental && (
        <TextField
          id={fieldId('nif')}
          label={t.employment.nif}
          hint={t.employment.nifHint}
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={values.nif}
          error={errorFor('nif')}
          onChange={(event) => onChange({ nif: event.currentTarget.value })}
        />
      )}
      <Select
        id={fieldId('typeContractCode')}
        label={t.employment.contractType}
        options={lists.contractTypes}
        required
        value={values.typeContractCode}
        error={errorFor('typeContractCode')}
        onChange={(event) => onChange({ typeContractCode: event.currentTarget.value })}
      />
      {rental && (
        <TextField
          id={fieldId('salary')}
          label={t.employment.salary}
          hint={t.employment.salaryHint}
          required
          inputMode="decimal"
          autoComplete="off"
          value={values.salary}
          error={errorFor('salary')}
          onChange={(event) => onChange({ salary: event.currentTarget.value })}
        />
      )}
      <Checkbox
        label={t.employment.saveToProfile}
        hint={t.employment.saveToProfileHint}
        checked={values.saveToProfile}
        onChange={(event) => onChange({ saveToProfile: event.currentTarget.checked })}
      />
    </fieldset>
  );
}

export interface ManagementDialogProps {
  subject: OfferSubject;
  flow: OfferFlow;
  management: OfferManagement;
  title: string;
  onClose: () => void;
}

/**
 * The management dialog (SPEC 4.2): after the pending-offer call, the sections this offer needs (sale
 * conditions, the employment section while the profile is incomplete), Cancelar and the send button
 * ('Enviar oferta', or 'Enviar solicitud' for a visit request: nothing follows but the confirmation).
 */
export function ManagementDialog({ subject, flow, management, title, onClose }: ManagementDialogProps) {
  const { values, error } = flow;
  const body = useRef<HTMLFormElement>(null);
  const sale = isSaleOffer(subject);
  const employment = flow.needsEmploymentFor(management);
  const rental = offerKind(subject) === 'rental';
  const shown: (keyof OfferDraft)[] = [
    ...(sale ? (['mortgageAmount', 'reasonPurchaseCode'] as const) : []),
    ...(sale && subject.arras ? (['acceptsArras'] as const) : []),
    ...(employment
      ? rental
        ? (['nif', 'typeContractCode', 'salary'] as const)
        : (['typeContractCode'] as const)
      : []),
  ];
  // A mortgage above the offer shows while it is typed (issue 23); the rest once Siguiente is pressed.
  const typing = mortgageTypingIssue(subject, values);
  const errorFor = (field: keyof OfferDraft) =>
    error?.field === field ? error.text : typing?.field === field ? errorMessages[typing.code] : undefined;
  const submit = async () => {
    const field = await flow.submitManagement(management);
    if (field) body.current?.querySelector<HTMLElement>(`#${fieldId(field)}`)?.focus();
  };
  return (
    <BottomSheet
      open
      onClose={onClose}
      title={title}
      className="offer-dialog"
      // A tap beside a long form must not throw away what was typed: Cancelar, Escape or the cross close it.
      dismissOnBackdrop={false}
      footer={
        <>
          <Button variant="secondary" size="lg" onClick={onClose}>
            {t.buttons.cancel}
          </Button>
          <Button size="lg" loading={flow.busy} onClick={() => void submit()}>
            {isVisitRequest(subject) ? t.buttons.sendVisit : t.buttons.sendOffer}
          </Button>
        </>
      }
    >
      <form
        ref={body}
        className="offer-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <SummaryBox subject={subject} values={values} />
        {!isVisitRequest(subject) && (
          <PriceFacts
            subject={{ ...subject, price: management.price, highestOffer: management.highestOffer }}
            own={flow.own}
          />
        )}
        {sale && subject.arras && (
          <ArrasTermsBlock
            id={fieldId('acceptsArras')}
            arras={subject.arras}
            price={management.price}
            accepted={values.acceptsArras}
            error={errorFor('acceptsArras')}
            onChange={(acceptsArras) => flow.update({ acceptsArras })}
          />
        )}
        {sale && (
          <SaleSection lists={flow.lists} values={values} onChange={flow.update} errorFor={errorFor} />
        )}
        {employment && (
          <EmploymentSection
            lists={flow.lists}
            values={values}
            onChange={flow.update}
            errorFor={errorFor}
            rental={rental}
            visit={isVisitRequest(subject)}
          />
        )}
        <ShareDocuments share={flow.share} />
        {error && (error.field === null || !shown.includes(error.field)) && <FlowAlert text={error.text} />}
      </form>
    </BottomSheet>
  );
}
