import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isRental, SolvencyStatus } from '@casaoferta/domain/codes';
import type { SolvencyVerdict, TenantSolvency } from '@casaoferta/domain/schemas/tenant';
import { ApiError } from '../../../shared/api/api-error';
import { apiRequest } from '../../../shared/api/client';
import { paths } from '../../../shared/paths';
import { tenantPaths } from '../../../shared/tenant-paths';
import { useSession } from '../../../shared/session';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { solvencyLabel, solvencyTone } from '../solvency-view';
import { solvencyTexts as t } from '../texts';
import '../solvency.css';

export interface SolvencyBoxProps {
  announcementId: string;
  /** The announcement's type: a rental is judged on income, a sale on how it is paid. */
  typeCode: string;
}

type Load =
  | { status: 'loading' }
  | { status: 'ready'; solvency: TenantSolvency }
  | { status: 'unauthorized' }
  | { status: 'error' };

/** GET /api/announcement/{id}/solvency: my verdict before offering (401 for visitors). */
function useSolvency(announcementId: string, enabled: boolean) {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<{ key: string; load: Load } | null>(null);
  const key = `${announcementId}#${attempt}`;
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    apiRequest<TenantSolvency>(`/api/announcement/${encodeURIComponent(announcementId)}/solvency`, {
      signal: controller.signal,
      silent: true,
    }).then(
      (solvency) => setLoad({ key, load: { status: 'ready', solvency } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const unauthorized = error instanceof ApiError && error.status === 401;
        setLoad({ key, load: { status: unauthorized ? 'unauthorized' : 'error' } });
      },
    );
    return () => controller.abort();
  }, [announcementId, enabled, key]);
  return {
    load: load?.key === key ? load.load : ({ status: 'loading' } as const),
    retry: () => setAttempt((n) => n + 1),
  };
}

function Reasons({ reasons, labelledBy }: { reasons: readonly string[]; labelledBy?: string }) {
  if (reasons.length === 0) return null;
  return (
    <ul className="solvency__reasons" aria-labelledby={labelledBy}>
      {reasons.map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </ul>
  );
}

function Improvement({
  heading,
  verdict,
  linkTo,
  linkText,
}: {
  heading: string;
  verdict: SolvencyVerdict;
  linkTo: string;
  linkText: string;
}) {
  return (
    <li className="solvency__option">
      <p className="solvency__option-title">{heading}</p>
      {/* The first reason says what it would take ("Con un avalista que ingrese al menos…"). */}
      {verdict.reasons[0] && <p className="text-sm">{verdict.reasons[0]}</p>}
      <Link className={buttonClassName('secondary', 'sm')} to={linkTo}>
        {linkText}
      </Link>
    </li>
  );
}

function Verdict({ solvency, rental }: { solvency: TenantSolvency; rental: boolean }) {
  const improveId = useId();
  if (!rental) return <Reasons reasons={solvency.reasons} />;
  const pending = solvency.statusCode === SolvencyStatus.Pending;
  // A tenant who has a guarantor is not told to add one (the verdict counts theirs already).
  const withGuarantor = solvency.hasGuarantor ? null : solvency.withGuarantor;
  const improvable =
    solvency.statusCode !== SolvencyStatus.Solvent &&
    !pending &&
    (withGuarantor !== null || solvency.withCoHolder !== null);
  return (
    <>
      <dl className="solvency__facts">
        <div>
          <dt>{t.status}</dt>
          <dd>
            <span className={`badge solvency__badge solvency__badge--${solvencyTone(solvency.statusCode)}`}>
              {solvencyLabel(solvency.statusCode)}
            </span>
          </dd>
        </div>
        {solvency.ratio !== null && (
          <div>
            <dt>{t.ratio}</dt>
            <dd>{t.ratioValue(solvency.ratio, solvency.hasGuarantor)}</dd>
          </div>
        )}
        {(solvency.hasGuarantor || solvency.hasCoHolder) && (
          <div>
            <dt>{t.household}</dt>
            <dd className="solvency__people">
              {solvency.hasGuarantor && <span className="badge">{t.withGuarantorBadge}</span>}
              {solvency.hasCoHolder && <span className="badge">{t.withCoHolderBadge}</span>}
            </dd>
          </div>
        )}
      </dl>
      <Reasons reasons={solvency.reasons} />
      {pending && (
        <p>
          <Link className={buttonClassName('secondary', 'sm')} to={paths.profile}>
            {t.completeProfile}
          </Link>
        </p>
      )}
      {improvable && (
        <div className="solvency__improve">
          <h3 id={improveId} className="solvency__subtitle">
            {t.improve.title}
          </h3>
          <ul className="plain-list solvency__options" aria-labelledby={improveId}>
            {withGuarantor && (
              <Improvement
                heading={t.improve.withGuarantor(solvencyLabel(withGuarantor.statusCode))}
                verdict={withGuarantor}
                linkTo={tenantPaths.guarantors}
                linkText={t.improve.addGuarantor}
              />
            )}
            {solvency.withCoHolder && (
              <Improvement
                heading={t.improve.withCoHolder(solvencyLabel(solvency.withCoHolder.statusCode))}
                verdict={solvency.withCoHolder}
                linkTo={tenantPaths.coTitulars}
                linkText={t.improve.addCoHolder}
              />
            )}
          </ul>
        </div>
      )}
    </>
  );
}

/**
 * 'Tu solvencia para este alquiler' on a property page, for a logged-in person who does not own it: the
 * status, the share of the household's income the rent takes (the figure the owner reads on their offer),
 * whom they count with, the reasons, and how a guarantor (when they have none) or a co-holder would change
 * it. It asks the API each time it is shown, so a guarantor added on the profile counts on the way back. A visitor reads a line inviting them to log in; a sale shows its reason only. Loaded lazily, after the
 * page (app/property-route.tsx).
 */
export default function SolvencyBox({ announcementId, typeCode }: SolvencyBoxProps) {
  const session = useSession();
  const location = useLocation();
  const titleId = useId();
  const rental = isRental(typeCode);
  // An agent acting as nobody has no tenant profile to judge.
  const agentOnly = session.isAgent && !session.isImpersonating;
  const { load, retry } = useSolvency(announcementId, session.checked && session.logged && !agentOnly);
  if (!session.checked || agentOnly) return null;

  const visitor = !session.logged || load.status === 'unauthorized';
  // A visitor is invited to log in on rentals only; a sale shows a visitor nothing.
  if (visitor && !rental) return null;
  return (
    <div className="solvency-slot">
      <section
        className="solvency"
        aria-labelledby={titleId}
        aria-busy={(!visitor && load.status === 'loading') || undefined}
      >
        <h2 id={titleId} className="solvency__title">
          {rental ? t.rentalTitle : t.saleTitle}
        </h2>
        {visitor ? (
          <p>
            {t.visitor}{' '}
            <Link to={paths.loginWith({ redirectTo: `${location.pathname}${location.search}` })}>
              {t.login}
            </Link>
          </p>
        ) : load.status === 'loading' ? (
          <p className="muted">{t.loading}</p>
        ) : load.status === 'error' ? (
          <div className="cluster">
            <p>{t.loadError}</p>
            <Button size="sm" variant="secondary" onClick={retry}>
              {t.retry}
            </Button>
          </div>
        ) : (
          <Verdict solvency={load.solvency} rental={rental} />
        )}
      </section>
    </div>
  );
}
