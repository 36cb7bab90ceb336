import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { errorMessages } from '@casaoferta/domain/errors';
import { PageLoading } from '../../../shared/ui/page-loading';
import { paths } from '../../../shared/paths';
import { useSession, useSessionActions } from '../../../shared/session';
import { storeMainToken } from '../../../shared/session-storage';
import { keepFavouriteOfLogin } from '../../../shared/favourite-login';
import { clearSessionExpired, sessionExpiredNotice } from '../../../shared/api/session-expiry';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { buttonClassName } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { DevOutboxHint } from '../components/dev-outbox-hint';
import { LoginFlow } from '../components/login-flow';
import { loginDestination, loginQuery, parseAfterAction } from '../redirect';
import { authTexts } from '../texts';
import '../auth.css';

const t = authTexts.login;

/**
 * /login (SPEC 2.1): phone login and registration. Queries: register=true, redirectTo, afterAction, from.
 * A logged user goes straight to the destination, which is also how a finished login leaves the page.
 * Sent by an offer or a visit request (afterAction), the heading says so and registering is a button.
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  const session = useSession();
  const { refresh } = useSessionActions();
  const registerMode = params.get(loginQuery.register) === 'true';
  // Sent here by an action (an offer, a visit request): the page says what the login is for.
  const purpose = t.purposes[parseAfterAction(params.get(loginQuery.afterAction))?.name ?? ''] ?? null;
  useDocumentTitle(purpose ?? (registerMode ? t.registerDocumentTitle : t.documentTitle));
  // Sent here by a session that ended (a 401 on a page that needs login): said once, above the form.
  const [expired] = useState(sessionExpiredNotice);
  useEffect(() => clearSessionExpired(), []);

  if (!session.checked) return <PageLoading />;
  if (session.logged) return <Navigate to={loginDestination(params)} replace />;

  const onAuthenticated = async (token: string) => {
    storeMainToken(token);
    // A heart tapped before logging in is kept now; the page it returns to shows it (issue 26).
    await keepFavouriteOfLogin(params.get(loginQuery.afterAction));
    await refresh();
  };
  const toggleTo = paths.loginWith({
    register: !registerMode,
    redirectTo: params.get(loginQuery.redirectTo) ?? undefined,
    afterAction: params.get(loginQuery.afterAction) ?? undefined,
    from: params.get(loginQuery.from) ?? undefined,
  });

  return (
    <div className="page-narrow auth-page">
      <Card as="section" className="auth-card" aria-labelledby="login-title">
        <h1 id="login-title" className="auth-card__title">
          {purpose ?? (registerMode ? t.registerTitle : t.title)}
        </h1>
        {expired && (
          <p className="alert" role="status">
            {errorMessages.UNAUTHENTICATED}
          </p>
        )}
        <p className="muted">{registerMode ? t.registerLead : t.lead}</p>
        {/* A new key resets the flow when the visitor switches between login and registration. */}
        <LoginFlow key={String(registerMode)} registerMode={registerMode} onAuthenticated={onAuthenticated} />
        {purpose ? (
          // The other way in as a button: someone with no account sees at once that they can register.
          <div className="auth-card__switch auth-card__switch--button">
            <p>{registerMode ? t.toLoginPrompt : t.toRegisterPrompt}</p>
            <Link className={buttonClassName('secondary', 'lg', true)} to={toggleTo} replace>
              {registerMode ? t.toLogin : t.toRegister}
            </Link>
          </div>
        ) : (
          <p className="auth-card__switch">
            {registerMode ? t.toLoginPrompt : t.toRegisterPrompt}{' '}
            <Link to={toggleTo} replace>
              {registerMode ? t.toLogin : t.toRegister}
            </Link>
          </p>
        )}
        <DevOutboxHint />
      </Card>
      <p className="auth-page__aside text-sm">
        <Link to={paths.loginAgents}>{t.agentsLink}</Link>
      </p>
    </div>
  );
}
