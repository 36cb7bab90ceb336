/** The offer's status as a badge (its colour only repeats what the label says). */
export function OfferStatusBadge({ label, tone }: { label: string; tone: 'good' | 'great' | 'done' }) {
  return <span className={`badge mo-badge mo-badge--${tone}`}>{label}</span>;
}
