import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useSessionActions } from '../../../shared/session';
import { storeMainToken } from '../../../shared/session-storage';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { TextField } from '../../../shared/ui/text-field';
import { authenticateAgent } from '../auth-api';
import { FormError } from '../components/form-error';
import { authTexts } from '../texts';
import { failure } from '../validation';
import '../auth.css';

const t = authTexts.agents;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * /login-agents: e-mail and password. The token becomes the main bearer token; once the session knows
 * an agent is logged, the route guard moves on to /agents-menu (SPEC 2.2).
 */
export default function LoginAgentsPage() {
  useDocumentTitle(t.documentTitle);
  const { refresh } = useSessionActions();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = {
      ...(emailPattern.test(email.trim()) ? {} : { email: t.emailInvalid }),
      ...(password ? {} : { password: t.passwordRequired }),
    };
    setErrors(next);
    setFormError(null);
    if (next.email || next.password) return;
    setSending(true);
    try {
      const session = await authenticateAgent(email.trim(), password);
      storeMainToken(session.token);
      await refresh();
    } catch (error) {
      setFormError(failure(error).text);
      setSending(false);
    }
  };

  return (
    <div className="page-narrow auth-page">
      <Card as="section" className="auth-card" aria-labelledby="agents-login-title">
        <h1 id="agents-login-title" className="auth-card__title">
          {t.title}
        </h1>
        <p className="muted">{t.lead}</p>
        <form className="stack" noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            label={t.email}
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            label={t.password}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <FormError message={formError} />
          <Button type="submit" block loading={sending}>
            {t.submit}
          </Button>
        </form>
      </Card>
      <p className="auth-page__aside text-sm">
        <Link to={paths.login}>{t.userLogin}</Link>
      </p>
    </div>
  );
}
