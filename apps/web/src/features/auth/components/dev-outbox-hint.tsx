import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { authPaths } from '../auth-api';
import { authTexts } from '../texts';

/**
 * Development help: a link to the outbox where the SMS codes land. Shown in Vite's dev server, or when
 * the API has the outbox (never in production, where it answers 404).
 */
export function DevOutboxHint() {
  const [available, setAvailable] = useState<boolean>(import.meta.env.DEV);
  useEffect(() => {
    if (import.meta.env.DEV) return;
    const controller = new AbortController();
    fetch(authPaths.devOutbox, { headers: { Accept: 'application/json' }, signal: controller.signal })
      .then((response) => setAvailable(response.ok))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  if (!available) return null;
  return (
    <p className="text-sm auth-card__dev">
      <Link to={paths.devOutbox} target="_blank" rel="noopener">
        {authTexts.login.devOutboxHint}
      </Link>
    </p>
  );
}
