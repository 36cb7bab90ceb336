import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormText } from '../../../shared/forms/fields';
import { paths } from '../../../shared/paths';
import { useSessionActions } from '../../../shared/session';
import { storeMainToken } from '../../../shared/session-storage';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { Card } from '../../../shared/ui/card';
import { authenticateAgent } from '../auth-api';
import { checkOnSubmit, FormSubmit } from '../components/form-submit';
import { authTexts } from '../texts';
import { authResolvers, failure } from '../validation';
import type { AgentLoginValues } from '../validation';
import '../auth.css';

const t = authTexts.agents;
const resolver = authResolvers.agentLogin;

/**
 * /login-agents: e-mail and password. The token becomes the main bearer token; once the session knows
 * an agent is logged, the route guard moves on to /agents-menu (SPEC 2.2).
 */
export default function LoginAgentsPage() {
  useDocumentTitle(t.documentTitle);
  const { refresh } = useSessionActions();
  const form = useForm<AgentLoginValues, unknown, AgentLoginValues>({
    resolver,
    defaultValues: { email: '', password: '' },
    ...checkOnSubmit,
  });

  const submit = async ({ email, password }: AgentLoginValues) => {
    try {
      const session = await authenticateAgent(email, password);
      storeMainToken(session.token);
      await refresh();
    } catch (error) {
      form.setError('root.server', { message: failure(error).text });
    }
  };

  return (
    <div className="page-narrow auth-page">
      <Card as="section" className="auth-card" aria-labelledby="agents-login-title">
        <h1 id="agents-login-title" className="auth-card__title">
          {t.title}
        </h1>
        <p className="muted">{t.lead}</p>
        <FormProvider {...form}>
          <form className="stack" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
            <FormText<AgentLoginValues>
              label={t.email}
              name="email"
              type="email"
              autoComplete="username"
              required
            />
            <FormText<AgentLoginValues>
              label={t.password}
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
            <FormSubmit label={t.submit} />
          </form>
        </FormProvider>
      </Card>
      <p className="auth-page__aside text-sm">
        <Link to={paths.login}>{t.userLogin}</Link>
      </p>
    </div>
  );
}
