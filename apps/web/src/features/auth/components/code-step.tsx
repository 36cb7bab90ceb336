import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { FormText } from '../../../shared/forms/fields';
import { Button } from '../../../shared/ui/button';
import { authTexts } from '../texts';
import { useCountdown } from '../use-countdown';
import { authResolvers, failure } from '../validation';
import type { CodeValues } from '../validation';
import { checkOnSubmit, FormSubmit } from './form-submit';
import { StepHeading } from './step-heading';

const t = authTexts.code;
/** Seconds before another code can be asked for. */
export const RESEND_AFTER_SECONDS = 60;
const codeErrors = new Set(['OTP_INVALID', 'OTP_EXPIRED', 'OTP_TOO_MANY_ATTEMPTS', 'INVALID_INPUT']);
const resolver = authResolvers.code;
const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

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
  const form = useForm<CodeValues, unknown, CodeValues>({
    resolver,
    defaultValues: { code: '' },
    ...checkOnSubmit,
  });
  const [notice, setNotice] = useState('');
  const [resending, setResending] = useState(false);
  const { remaining, restart } = useCountdown(RESEND_AFTER_SECONDS);

  const submit = async ({ code }: CodeValues) => {
    try {
      await onVerify(code);
    } catch (error) {
      const { code: errorCode, text } = failure(error);
      if (codeErrors.has(errorCode)) form.setError('code', { message: text });
      else form.setError('root.server', { message: text });
    }
  };

  const resend = async () => {
    setResending(true);
    form.clearErrors('root.server');
    setNotice('');
    try {
      await onResend();
      restart();
      form.setValue('code', '');
      form.clearErrors('code');
      setNotice(t.resent);
    } catch (error) {
      form.setError('root.server', { message: failure(error).text });
    } finally {
      setResending(false);
    }
  };

  return (
    <div className="stack">
      <StepHeading focusOnMount={focusHeading}>{t.title}</StepHeading>
      <p className="muted">{t.sentTo(phoneLabel)}</p>
      <FormProvider {...form}>
        <form className="stack" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
          <FormText<CodeValues>
            label={t.label}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            required
            className="auth-code"
            normalize={digits}
          />
          <FormSubmit label={t.verify} />
        </form>
      </FormProvider>
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
