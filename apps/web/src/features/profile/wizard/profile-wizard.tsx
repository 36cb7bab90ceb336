import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  isStepFilled,
  stepRequiredFields,
  WIZARD_SAVED_STATE,
  wizardSteps,
  type WizardStep,
} from '@casaoferta/domain/rules/tenant-profile';
import type { HouseholdPerson, TenantProfile } from '@casaoferta/domain/schemas/tenant';
import { paths } from '../../../shared/paths';
import { newId } from '../../../shared/new-id';
import { useSession, useSessionActions } from '../../../shared/session';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { CheckCircleIcon } from '../../../shared/ui/icons';
import { showToast } from '../../../shared/ui/toast-store';
import { savePerson, saveProfile, useProfileCache } from '../api/tenant-api';
import { HouseholdFields, PersonalFields, WorkFields } from '../components/profile-fields';
import {
  formValuesOf,
  householdIds,
  loadProfileValidation,
  profileResolver,
  stepProblem,
  type ProfileField,
  type ProfileFormValues,
  withAccountName,
} from '../form-values';
import type { ProfileLists } from '../lists';
import { failedField, failureText, toastFailure } from '../save-errors';
import { profileTexts, type PersonRole } from '../texts';

const t = profileTexts.wizard;

/** What the wizard completes: the tenant's profile (3 steps) or a co-holder or guarantor (2 steps). */
export type WizardSubject =
  { kind: 'profile' } | { kind: 'person'; role: PersonRole; person: HouseholdPerson | null };

export interface ProfileWizardProps {
  subject: WizardSubject;
  /** The profile as loaded: the wizard's starting values and the identifiers already used. */
  profile: TenantProfile | null;
  lists: ProfileLists;
  onClose: () => void;
}

function titleOf(subject: WizardSubject): string {
  if (subject.kind === 'profile') return t.titles.profile;
  return subject.person ? t.titles.editPerson[subject.role] : t.titles.newPerson[subject.role];
}

/** 'Paso 2 de 3: Datos personales' and the steps, the current one marked; the heading takes the focus. */
function StepIndicator({
  steps,
  current,
  headingRef,
}: {
  steps: readonly WizardStep[];
  current: number;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const step = steps[current - 1] ?? 'work';
  return (
    <div className="profile-wizard__steps">
      <ol className="profile-wizard__list" aria-label={t.stepsLabel}>
        {steps.map((name, index) => (
          <li
            key={name}
            className={
              index + 1 === current
                ? 'profile-wizard__step is-current'
                : index + 1 < current
                  ? 'profile-wizard__step is-done'
                  : 'profile-wizard__step'
            }
            aria-current={index + 1 === current ? 'step' : undefined}
          >
            <span className="profile-wizard__number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="profile-wizard__name">{t.steps[name]}</span>
          </li>
        ))}
      </ol>
      <h3 ref={headingRef} tabIndex={-1} className="profile-wizard__heading">
        <span className="profile-wizard__count">{t.stepOf(current, steps.length)}</span> {t.steps[step]}
      </h3>
    </div>
  );
}

/**
 * The profile wizard (SPEC 4.3, 5.4) in a dialog: one step at a time, Back disabled on step 1, Next
 * disabled until the step's required fields are filled; the last step saves (a create or an update),
 * then state 4 says what is next.
 */
export function ProfileWizard({ subject, profile, lists, onClose }: ProfileWizardProps) {
  const steps: readonly WizardStep[] = subject.kind === 'profile' ? wizardSteps.profile : wizardSteps.person;
  const [stage, setStage] = useState(1);
  const [saving, setSaving] = useState(false);
  const [personId] = useState(() => (subject.kind === 'person' ? (subject.person?.id ?? newId()) : null));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const savedRef = useRef<HTMLHeadingElement>(null);
  const focusField = useRef<ProfileField | null>(null);
  const formId = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const cache = useProfileCache();
  const { refresh } = useSessionActions();
  const { user: account } = useSession();
  const form = useForm<ProfileFormValues>({
    resolver: profileResolver,
    mode: 'onTouched',
    // The tenant's own profile starts with the account's name; a co-holder or guarantor is someone else.
    defaultValues:
      subject.kind === 'profile'
        ? withAccountName(formValuesOf(profile), account)
        : formValuesOf(subject.person),
  });
  const values = useWatch({ control: form.control });
  const saved = stage === WIZARD_SAVED_STATE;
  const step = steps[stage - 1];
  const filled = step !== undefined && isStepFilled(step, values);
  const isLast = stage === steps.length;

  // Each step (and state 4) is announced by its heading; a field the API refused takes the focus instead.
  useEffect(() => {
    const field = focusField.current;
    focusField.current = null;
    if (field) form.setFocus(field);
    else (stage === WIZARD_SAVED_STATE ? savedRef : headingRef).current?.focus();
  }, [stage, form]);

  const showFailure = (error: unknown) => {
    // SPEC 8 closes the wizard on a failed save with no message of its own (the API's toast says why).
    // A failure about one field (an invalid NIF, one already used, an under-age birth date) is shown on
    // that field instead, on its step, with the wizard open: closing would throw away what was typed
    // and leave the person with a toast to remember while starting again.
    const field = failedField(
      error,
      steps.flatMap((name) => [...stepRequiredFields[name]]),
    );
    const index =
      field === null ? -1 : steps.findIndex((name) => stepRequiredFields[name].some((f) => f === field));
    if (field === null || index < 0) {
      onClose();
      toastFailure(error, lists.exceptionAttributes);
      return;
    }
    form.setError(field, { type: 'server', message: failureText(error, lists.exceptionAttributes) });
    if (index + 1 === stage) form.setFocus(field);
    else {
      focusField.current = field;
      setStage(index + 1);
    }
  };

  const save = async () => {
    const current = form.getValues();
    setSaving(true);
    try {
      if (subject.kind === 'profile') {
        const { profileBody } = await loadProfileValidation();
        const saved = await saveProfile({ kind: 'profile', body: profileBody(current) });
        cache.setProfile(saved);
        showToast(profileTexts.toasts.dataSaved, 'success');
        // The session's hasProfileCompleted (the offer dialog reads it) follows the new profile.
        void refresh();
      } else {
        const { personBody } = await loadProfileValidation();
        const body = { ...personBody(current), id: personId ?? newId() };
        const saved = await savePerson(subject.role, body, subject.person === null);
        cache.setPerson(subject.role, saved);
        void cache.reload();
        showToast(profileTexts.toasts.personSaved[subject.role], 'success');
      }
      setStage(WIZARD_SAVED_STATE);
    } catch (error) {
      showFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const next = async () => {
    if (!step) return;
    const valid = await form.trigger([...stepRequiredFields[step]], { shouldFocus: true });
    if (!valid) return;
    const problem = await stepProblem(step, form.getValues(), {
      lists,
      household: householdIds(profile),
      selfId: personId,
    });
    if (problem) {
      form.setError(problem.field, { type: 'rule', message: problem.message }, { shouldFocus: true });
      return;
    }
    if (isLast) await save();
    else setStage(stage + 1);
  };

  const footer = saved ? undefined : (
    <>
      <Button variant="secondary" disabled={stage === 1 || saving} onClick={() => setStage(stage - 1)}>
        {t.back}
      </Button>
      <Button type="submit" form={formId} disabled={!filled} loading={saving}>
        {isLast ? t.save : t.next}
      </Button>
    </>
  );

  return (
    <Dialog
      open
      onClose={() => {
        if (!saving) onClose();
      }}
      title={titleOf(subject)}
      footer={footer}
      initialFocusRef={headingRef}
      dismissOnBackdrop={false}
      className="profile-wizard"
    >
      {saved ? (
        <div className="profile-wizard__saved">
          <CheckCircleIcon size={40} className="profile-wizard__saved-icon" />
          <h3 ref={savedRef} tabIndex={-1} className="profile-wizard__heading">
            {t.savedTitle}
          </h3>
          <p>{subject.kind === 'profile' ? t.savedBody.profile : t.savedBody[subject.role]}</p>
          <p className="profile-wizard__next">{t.whatNext}</p>
          <div className="profile-wizard__actions">
            <Link className={buttonClassName('secondary', 'lg', true)} to={paths.properties}>
              {t.seeProperties}
            </Link>
            <Button
              size="lg"
              block
              onClick={() => {
                onClose();
                if (pathname !== paths.profile) void navigate(paths.profile);
              }}
            >
              {t.goToProfile}
            </Button>
          </div>
        </div>
      ) : (
        <FormProvider {...form}>
          <form
            id={formId}
            className="stack profile-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (filled && !saving) void next();
            }}
          >
            <StepIndicator steps={steps} current={stage} headingRef={headingRef} />
            {step === 'work' && <WorkFields lists={lists} />}
            {step === 'personal' && <PersonalFields lists={lists} />}
            {step === 'household' && <HouseholdFields />}
            {!filled && (
              <p className="muted text-sm" aria-live="polite">
                {t.fillToContinue}
              </p>
            )}
          </form>
        </FormProvider>
      )}
    </Dialog>
  );
}
