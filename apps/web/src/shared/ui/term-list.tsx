/** Pairs of a term and its value (a `<dl>`), each pair in its own box for the layout. */
export function TermList({
  rows,
  className,
}: {
  rows: readonly (readonly [string, string])[];
  className: string;
}) {
  return (
    <dl className={className}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
