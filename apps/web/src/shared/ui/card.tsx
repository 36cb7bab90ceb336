import type { HTMLAttributes } from 'react';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'article' | 'section' | 'li';
  /** Hover lift, for cards that contain a link covering them. */
  interactive?: boolean;
  flat?: boolean;
}

export function Card({ as: Tag = 'div', interactive = false, flat = false, className, ...rest }: CardProps) {
  const classes = ['card', interactive && 'card--interactive', flat && 'card--flat', className]
    .filter(Boolean)
    .join(' ');
  return <Tag {...rest} className={classes} />;
}
