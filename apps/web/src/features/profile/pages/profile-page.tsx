import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isStepFilled, wizardSteps } from '@casaoferta/domain/rules/tenant-profile';
import type { TenantProfile } from '@casaoferta/domain/schemas/tenant';
import { QueryProvider } from '../../../shared/api/query-client';
import { Button } from '../../../shared/ui/button';
import { ErrorState } from '../../../shared/ui/error-state';
import { CheckCircleIcon, ChevronRightIcon, InfoIcon } from '../../../shared/ui/icons';
import { Spinner } from '../../../shared/ui/spinner';
import { useSession } from '../../../shared/session';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { useTenantProfile } from '../api/tenant-api';
import { DeleteProfile } from '../components/delete-profile';
import { labelOf, useProfileLists, type ProfileLists } from '../lists';
import { documentsBuilt, OPEN_WIZARD_STATE, profilePaths } from '../profile-paths';
import { profileTexts } from '../texts';
import { ProfileWizard } from '../wizard/profile-wizard';
import '../profile.css';

const t = profileTexts.hub;

/** The wizard's steps not filled yet, by name ('Datos personales, Convivencia'). */
const missingSteps = (profile: TenantProfile): string[] =>
  wizardSteps.profile
    .filter((step) => !isStepFilled(step, { ...profile }))
    .map((step) => profileTexts.wizard.steps[step]);

/** What is missing to offer on rentals and on sales (SPEC 3 completeness flags), and to complete it. */
function Completeness({
  profile,
  onComplete,
  canComplete,
}: {
  profile: TenantProfile;
  onComplete: () => void;
  canComplete: boolean;
}) {
  const { completeness } = profile;
  const complete = completeness.hasTenantProfileCompleted;
  return (
    <section className="card stack profile-status" aria-labelledby="profile-status-title">
      <h2 id="profile-status-title" className="card__title">
        {t.statusTitle}
      </h2>
      <p className={complete ? 'profile-status__line is-ok' : 'profile-status__line'}>
        {complete ? <CheckCircleIcon /> : <InfoIcon />}
        <span>{complete ? t.complete : t.incomplete(missingSteps(profile).join(', '))}</span>
      </p>
      <ul className="plain-list stack profile-status__offers">
        <li className={completeness.hasTenantProfileCompletedToOffer ? 'is-ok' : undefined}>
          {completeness.hasTenantProfileCompletedToOffer ? t.rentalReady : t.rentalMissing}
        </li>
        <li className={completeness.hasProfileCompletedToSaleOffer ? 'is-ok' : undefined}>
          {completeness.hasProfileCompletedToSaleOffer ? t.saleReady : t.saleMissing}
        </li>
      </ul>
      {!complete && (
        <div className="actions">
          <Button size="lg" onClick={onComplete} disabled={!canComplete}>
            {t.completeButton}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The one-line summary of each section's card. */
function summaries(profile: TenantProfile, lists: ProfileLists | undefined) {
  const label = (list: keyof Omit<ProfileLists, 'exceptionAttributes'>, code: string | null) =>
    lists ? labelOf(lists[list], code) : code;
  const join = (...parts: (string | null)[]) => parts.filter(Boolean).join(' · ') || profileTexts.notFilled;
  const fullName = [profile.name, profile.surname].filter(Boolean).join(' ') || null;
  const { numberCohabitants, numberChildren, hasPets, hasSmokers } = profile;
  return {
    aboutMe: join(
      fullName,
      label('countries', profile.countryCode),
      label('civilStatus', profile.civilStatusCode),
    ),
    work: join(
      label('typeContract', profile.typeContractCode),
      label('salaryRange', profile.salaryRangeCode),
    ),
    household:
      numberCohabitants === null || numberChildren === null || hasPets === null || hasSmokers === null
        ? profileTexts.notFilled
        : t.household(numberCohabitants, numberChildren, hasPets, hasSmokers),
    coHolders: t.people(profile.coTitulars.length, 'coHolder'),
    guarantors: t.people(profile.guarantors.length, 'guarantor'),
    presentation: profile.presentation?.trim() || t.noPresentation,
    documents: t.documents(profile.documents.length),
  };
}

function SectionCards({ profile, lists }: { profile: TenantProfile; lists: ProfileLists | undefined }) {
  const summary = summaries(profile, lists);
  const cards = [
    { to: profilePaths.aboutMe, title: t.sections.aboutMe, text: summary.aboutMe },
    { to: profilePaths.work, title: t.sections.work, text: summary.work },
    { to: profilePaths.household, title: t.sections.household, text: summary.household },
    { to: profilePaths.coHolders, title: t.sections.coHolders, text: summary.coHolders },
    { to: profilePaths.guarantors, title: t.sections.guarantors, text: summary.guarantors },
    { to: profilePaths.presentation, title: t.sections.presentation, text: summary.presentation },
    ...(documentsBuilt()
      ? [{ to: profilePaths.documents, title: t.sections.documents, text: summary.documents }]
      : []),
  ];
  return (
    <section className="stack" aria-labelledby="profile-sections-title">
      <h2 id="profile-sections-title" className="profile-subtitle">
        {t.sectionsTitle}
      </h2>
      <ul className="plain-list profile-cards">
        {cards.map((card) => (
          <li key={card.to}>
            <Link className="card card--interactive profile-card" to={card.to}>
              <span className="profile-card__text">
                <span className="profile-card__title">{card.title}</span>
                <span className="profile-card__summary">{card.text}</span>
              </span>
              <ChevronRightIcon className="profile-card__arrow" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Hub() {
  const query = useTenantProfile();
  const lists = useProfileLists();
  const [wizardOpen, setWizardOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const profile = query.data;
  const askedForWizard =
    typeof location.state === 'object' &&
    location.state !== null &&
    (location.state as Record<string, unknown>)[OPEN_WIZARD_STATE] === true;

  // 'Completar mi perfil' after an offer: the wizard opens once, if the profile is still incomplete
  // (adjusted while rendering, as soon as the profile and the lists are there); the state is then dropped.
  const [askHandled, setAskHandled] = useState(false);
  if (askedForWizard && !askHandled && profile && lists.data) {
    setAskHandled(true);
    if (!profile.completeness.hasTenantProfileCompleted) setWizardOpen(true);
  }
  useEffect(() => {
    if (askHandled && askedForWizard) void navigate(location.pathname, { replace: true, state: null });
  }, [askHandled, askedForWizard, navigate, location.pathname]);

  return (
    <div className="page-narrow stack profile-page">
      <header className="stack">
        <h1 className="section__title">{t.title}</h1>
        <p className="muted">{t.intro}</p>
      </header>
      {query.isPending && <Spinner block />}
      {query.isError && !profile && (
        <ErrorState title={profileTexts.loadErrorTitle} onRetry={() => void query.refetch()} />
      )}
      {profile && (
        <>
          <Completeness
            profile={profile}
            canComplete={lists.data !== undefined}
            onComplete={() => setWizardOpen(true)}
          />
          <SectionCards profile={profile} lists={lists.data} />
          {/* Deleting is the person's own act: an agent acting as them does not get it (the API answers 403). */}
          {profile.id !== null && !session.impersonatedUser && (
            <section className="card stack profile-delete" aria-labelledby="profile-delete-title">
              <h2 id="profile-delete-title" className="card__title">
                {t.deleteTitle}
              </h2>
              <p className="muted">{t.deleteLead}</p>
              <div className="actions">
                <DeleteProfile />
              </div>
            </section>
          )}
        </>
      )}
      {wizardOpen && lists.data && (
        <ProfileWizard
          subject={{ kind: 'profile' }}
          profile={profile ?? null}
          lists={lists.data}
          onClose={() => setWizardOpen(false)}
        />
      )}
    </div>
  );
}

/** /profile: the tenant's solvency profile, its completeness, its sections and the wizard. */
export default function ProfilePage() {
  useDocumentTitle(t.documentTitle);
  return (
    <QueryProvider>
      <Hub />
    </QueryProvider>
  );
}
