import { useState } from 'react';
import type { NormalizedPhone } from '@casaoferta/domain/phone';
import { ApiError } from '../../../shared/api/api-error';
import { authenticate, generateOtp, verifyOtp } from '../auth-api';
import type { PhoneRequest, Registration } from '../auth-api';
import { authTexts } from '../texts';
import { emptyRegistration, isCompleteRegistration, toRegistration } from '../validation';
import type { RegistrationValues } from '../validation';
import { CodeStep } from './code-step';
import { PhoneStep } from './phone-step';
import { RegisterStep } from './register-step';

type Step = 'phone' | 'code' | 'register';

export interface LoginFlowProps {
  /** register=true: step 1 also asks name, surname and the privacy policy. */
  registerMode: boolean;
  /** Receives the session token of the authenticated user. */
  onAuthenticated: (token: string) => Promise<void>;
}

const request = (phone: NormalizedPhone): PhoneRequest => ({
  phoneNumber: phone.e164,
  countryCode: phone.countryCode,
});

/**
 * Phone login and registration (SPEC 2.1): number → SMS code → (new number without name) registration
 * → authenticate. Each step change is announced and moves focus to the step's heading.
 */
export function LoginFlow({ registerMode, onAuthenticated }: LoginFlowProps) {
  const [step, setStep] = useState<Step>('phone');
  const [moved, setMoved] = useState(false);
  const [phone, setPhone] = useState<NormalizedPhone | null>(null);
  const [registration, setRegistration] = useState<RegistrationValues>(emptyRegistration);
  const [verificationToken, setVerificationToken] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const goTo = (next: Step, message: string) => {
    setStep(next);
    setMoved(true);
    setAnnouncement(message);
  };

  const finish = async (token: string, withRegistration?: Registration) => {
    try {
      const session = await authenticate(token, withRegistration);
      await onAuthenticated(session.token);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'REGISTRATION_REQUIRED' && !withRegistration) {
        goTo('register', authTexts.register.title);
        return;
      }
      throw error;
    }
  };

  const sendCode = async (next: NormalizedPhone) => {
    await generateOtp(request(next));
    setPhone(next);
    // The step's text says where the code went: the announcement names the step only (said once).
    goTo('code', authTexts.code.title);
  };

  const verify = async (code: string) => {
    if (!phone) return;
    const result = await verifyOtp(request(phone), code);
    setVerificationToken(result.verificationToken);
    if (result.registered) return finish(result.verificationToken);
    if (registerMode && (await isCompleteRegistration(registration))) {
      return finish(result.verificationToken, toRegistration(registration));
    }
    goTo('register', authTexts.register.title);
  };

  const register = async (values: RegistrationValues) => {
    setRegistration(values);
    if (verificationToken) await finish(verificationToken, toRegistration(values));
  };

  return (
    <>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {step === 'phone' && (
        <PhoneStep
          registerMode={registerMode}
          registration={registration}
          onRegistrationChange={setRegistration}
          initialPhone={phone}
          focusHeading={moved}
          onSubmit={sendCode}
        />
      )}
      {step === 'code' && phone && (
        <CodeStep
          phoneLabel={phone.countryCode === 'ES' ? phone.national : phone.e164}
          focusHeading={moved}
          onVerify={verify}
          onResend={() => generateOtp(request(phone)).then(() => undefined)}
          onChangeNumber={() => goTo('phone', authTexts.phone.legend)}
        />
      )}
      {step === 'register' && <RegisterStep values={registration} focusHeading={moved} onSubmit={register} />}
    </>
  );
}
