import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { paths } from '../../shared/paths';
import { Dialog } from '../../shared/ui/dialog';
import { ChevronRightIcon } from '../../shared/ui/icons';
import { overlayTexts } from './overlay-texts';

const t = overlayTexts.publish;

const iconProps = {
  width: 26,
  height: 26,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

const options: { title: string; text: string; to: string; icon: ReactNode }[] = [
  {
    title: t.sale,
    text: t.saleText,
    to: paths.newProperty('sale'),
    icon: (
      <svg {...iconProps}>
        <path d="M3 11 12 4l9 7v9H3z" />
        <path d="M9 15h6M12 12v6" />
      </svg>
    ),
  },
  {
    title: t.rental,
    text: t.rentalText,
    to: paths.newProperty('rental'),
    icon: (
      <svg {...iconProps}>
        <path d="M3 11 12 4l9 7v9H3z" />
        <circle cx="10" cy="15" r="2" />
        <path d="M12 15h4v2" />
      </svg>
    ),
  },
  {
    title: t.room,
    text: t.roomText,
    to: paths.newProperty('room'),
    icon: (
      <svg {...iconProps}>
        <path d="M3 19v-8h18v8M3 15h18M6 11V8h5v3" />
      </svg>
    ),
  },
];

export interface PublishChooserProps {
  open: boolean;
  onClose: () => void;
}

/** '¿Qué quieres hacer?': the three kinds of announcement (SPEC 2.3). Open it with openPublishChooser(). */
export function PublishChooser({ open, onClose }: PublishChooserProps) {
  return (
    <Dialog open={open} onClose={onClose} title={t.title} variant="sheet">
      <p className="muted">{t.intro}</p>
      <ul className="option-list">
        {options.map((option) => (
          <li key={option.to}>
            <Link to={option.to} className="option-card" onClick={onClose}>
              <span className="card__icon">{option.icon}</span>
              <span>
                <span className="option-card__title">{option.title}</span>
                <span className="option-card__text">{option.text}</span>
              </span>
              <ChevronRightIcon className="option-card__arrow" />
            </Link>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
