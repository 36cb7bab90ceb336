import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { consumeAfterAction } from './redirect';
import type { AfterAction } from './redirect';

/**
 * For pages that can replay an action started before login: calls `onAction` once with the URL's
 * afterAction and removes it from the URL (replace). Handlers should ignore names they do not know.
 */
export function useAfterAction(onAction: (action: AfterAction) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  const handler = useRef(onAction);

  useEffect(() => {
    handler.current = onAction;
  }, [onAction]);

  useEffect(() => {
    const { action, search } = consumeAfterAction(location.search);
    if (!action || handled.current === location.key) return;
    handled.current = location.key;
    navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true });
    handler.current(action);
  }, [location, navigate]);
}
