import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { devToolsHeaders, storedDevToolsToken } from '../../../shared/dev-tools-token';
import { authPaths } from '../auth-api';
import { authTexts } from '../texts';

/**
 * Development help: a link to the outbox where the SMS codes land. Shown in Vite's dev server, or when
 * this browser holds the outbox's token of the running local start (decision 027; never in production,
 * where the outbox answers 404).
 */
export function DevOutboxHint() {
  const [available, setAvailable] = useState<boolean>(import.meta.env.DEV);
  useEffect(() => {
    if (import.meta.env.DEV) return;
    const token = storedDevToolsToken();
    if (!token) return;
    const controller = new AbortController();
    fetch(authPaths.devOutbox, {
      headers: { Accept: 'application/json', ...devToolsHeaders(token) },
      signal: controller.signal,
    })
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
