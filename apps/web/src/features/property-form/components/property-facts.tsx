import type { SummaryRow } from '../summary';

/** A list of label/value pairs (a description list). */
export function PropertyFacts({ rows }: { rows: readonly SummaryRow[] }) {
  return (
    <dl className="property-facts">
      {rows.map((row) => (
        <div key={row.label} className="property-facts__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The address as lines of text. */
export function AddressLines({ lines }: { lines: readonly string[] }) {
  return (
    <address className="property-address">
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </address>
  );
}
