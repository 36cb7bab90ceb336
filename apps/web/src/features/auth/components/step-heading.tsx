import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

/**
 * The heading of a login step. After a step change focus moves to it, so keyboard and screen-reader
 * users start reading the new step from its title.
 */
export function StepHeading({ children, focusOnMount }: { children: ReactNode; focusOnMount: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <h2 ref={ref} className="auth-card__step-title" tabIndex={-1}>
      {children}
    </h2>
  );
}
