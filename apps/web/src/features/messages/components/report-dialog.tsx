import { useState } from 'react';
import { reportReasons, type ReportReason } from '@casaoferta/domain/rules/message-text';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { RadioGroup } from '../../../shared/ui/radio-group';
import { ReasonField } from '../../../shared/ui/reason-field';
import { showToast } from '../../../shared/ui/toast-store';
import { useReport } from '../api';
import { messagesTexts } from '../texts';

const t = messagesTexts.report;

/** "Denunciar": the conversation (messageId null) or one message of the other side, with a reason. */
export function ReportDialog({
  offerId,
  messageId,
  open,
  onClose,
}: {
  offerId: string;
  messageId: number | null;
  open: boolean;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReport(offerId);
  const close = () => {
    setReason(null);
    setDetails('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!reason) {
      setError(t.reasonRequired);
      return;
    }
    const text = details.trim();
    report.mutate(
      { reason, ...(text ? { text } : {}), ...(messageId === null ? {} : { messageId }) },
      {
        onSuccess: () => {
          showToast(t.done, 'success');
          close();
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={messageId === null ? t.title.conversation : t.title.message}
      variant="sheet"
      footer={
        <div className="cluster">
          <Button variant="ghost" onClick={close}>
            {t.cancel}
          </Button>
          <Button variant="danger" onClick={submit} loading={report.isPending}>
            {t.submit}
          </Button>
        </div>
      }
    >
      <div className="stack">
        <p>{t.intro}</p>
        <RadioGroup
          legend={t.reasonLegend}
          name="report-reason"
          options={reportReasons.map((value) => ({ value, label: t.reasons[value] }))}
          value={reason}
          onChange={(value) => {
            setReason(reportReasons.find((known) => known === value) ?? null);
            setError(null);
          }}
          error={error}
          required
        />
        <ReasonField
          label={t.detailsLabel}
          value={details}
          maxLength={500}
          onChange={(event) => setDetails(event.target.value)}
          counter={`${details.length} / 500`}
        />
      </div>
    </Dialog>
  );
}
