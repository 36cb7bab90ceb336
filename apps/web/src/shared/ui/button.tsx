import type { ComponentPropsWithRef } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
  /** Shows a spinner, sets aria-busy and blocks further clicks (double submit). */
  loading?: boolean;
}

/** Class list of a button; links styled as buttons use it too. */
export function buttonClassName(
  variant: ButtonVariant = 'primary',
  size: 'sm' | 'md' | 'lg' = 'md',
  block = false,
  extra?: string,
): string {
  return ['btn', `btn--${variant}`, size !== 'md' && `btn--${size}`, block && 'btn--block', extra]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  loading = false,
  type = 'button',
  className,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName(variant, size, block, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && (
        <svg
          className="btn__spinner spinner__circle"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M12 3a9 9 0 0 1 9 9"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
          />
        </svg>
      )}
      {children}
    </button>
  );
}
