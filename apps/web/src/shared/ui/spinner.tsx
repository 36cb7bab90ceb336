import { uiTexts } from './texts';

interface SpinnerProps {
  /** Announced to assistive technology; shown next to the spinner when `showLabel`. */
  label?: string;
  showLabel?: boolean;
  size?: 'sm' | 'md';
  /** Centre it in a padded block (page or section loading). */
  block?: boolean;
}

export function Spinner({
  label = uiTexts.loading,
  showLabel = false,
  size = 'md',
  block = false,
}: SpinnerProps) {
  const className = ['spinner', size === 'sm' && 'spinner--sm', block && 'spinner--block']
    .filter(Boolean)
    .join(' ');
  return (
    <span className={className} role="status">
      <svg className="spinner__circle" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle
          cx="12"
          cy="12"
          r="9.5"
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.2"
          strokeWidth="3"
        />
        <path
          d="M12 2.5a9.5 9.5 0 0 1 9.5 9.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <span className={showLabel ? undefined : 'visually-hidden'}>{label}</span>
    </span>
  );
}
