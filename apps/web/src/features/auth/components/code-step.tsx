import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { authTexts } from '../texts';
import { useCountdown } from '../use-countdown';
import { failure, isOtpCode } from '../validation';
import { FormError } from './form-error';
import { StepHeading } from './step-heading';

const t = authTexts.code;
/** Seconds before another code can be asked for. */
export const RESEND_AFTER_SECONDS = 60;
const codeErrors = new Set(['OTP_INVALID', 'OTP_EXPIRED', 'OTP_TOO_MANY_ATTEMPTS', 'INVALID_INPUT']);

export interface CodeStepProps {
  /** The number the code went to, as its owner writes it. */
  phoneLabel: string;
  focusHeading: boolean;
  /** Verifies (and logs in when possible); throws the API error to show. */
  onVerify: (code: string) => Promise<void>;
  onResend: () => Promise<void>;
  onChangeNumber: () => void;
}

/** Step 2: the six-digit code sent by SMS, with resend after a countdown and 'Cambiar número'. */
export function CodeStep({ phoneLabel, focusHeading, onVerify, onResend, onChangeNumber }: CodeStepProps) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const { remaining, restart } = useCountdown(RESEND_AFTER_SECONDS);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (!isOtpCode(code)) {
      setCodeError(t.invalid);
      return;
    }
    setCodeError(null);
    setVerifying(true);
    try {
      await onVerify(code);
    } catch (error) {
      const { code: errorCode, text } = failure(error);
      if (codeErrors.has(errorCode)) setCodeError(text);
      else setFormError(text);
      setVerifying(false);
    }
  };

  const resend = async () => {
    setResending(true);
    setFormError(null);
    setNotice('');
    try {
      await onResend();
      restart();
      setCode('');
      setCodeError(null);
      setNotice(t.resent);
    } catch (error) {
      setFormError(failure(error).text);
    } finally {
      setResending(false);
    }
  };

  return (
    <div className="stack">
      <StepHeading focusOnMount={focusHeading}>{t.title}</StepHeading>
      <p className="muted">{t.sentTo(phoneLabel)}</p>
      <form className="stack" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t.label}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          className="auth-code"
          value={code}
          error={codeError}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        <FormError message={formError} />
        <Button type="submit" block loading={verifying}>
          {t.verify}
        </Button>
      </form>
      <p role="status" className="auth-card__notice">
        {notice}
      </p>
      <div className="auth-card__links">
        {remaining > 0 ? (
          <span className="muted text-sm">{t.resendIn(remaining)}</span>
        ) : (
          <Button variant="ghost" size="sm" loading={resending} onClick={() => void resend()}>
            {t.resend}
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onChangeNumber}>
          {t.changeNumber}
        </Button>
      </div>
    </div>
  );
}
