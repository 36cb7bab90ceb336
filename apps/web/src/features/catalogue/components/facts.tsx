import type { PropertyPage } from '@casaoferta/domain/schemas/listings';
import { formatNumber } from '@casaoferta/domain/format';
import { labelFor } from '../labels';
import { propertyTexts } from '../property-texts';

const t = propertyTexts.facts;

export interface Fact {
  label: string;
  value: string | undefined;
}

/** A definition list of facts; the ones without a value are left out. */
export function FactList({ facts, className }: { facts: readonly Fact[]; className?: string }) {
  const shown = facts.filter((fact): fact is { label: string; value: string } => !!fact.value);
  if (shown.length === 0) return null;
  return (
    <dl className={['facts', className].filter(Boolean).join(' ')}>
      {shown.map((fact) => (
        <div key={fact.label} className="facts__item">
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const count = (n: number | null) => (n === null ? undefined : formatNumber(n));

/** Rooms, bathrooms, surface, floor, orientation, certificates, status and housing regime. */
export function KeyFacts({ property }: { property: PropertyPage }) {
  return (
    <FactList
      className="facts--key"
      facts={[
        { label: t.propertyType, value: labelFor(property.propertyTypeCode) },
        { label: t.rooms, value: count(property.rooms) },
        { label: t.bathrooms, value: count(property.bathrooms) },
        {
          label: t.surface,
          value: property.surfaceM2 === null ? undefined : t.m2(formatNumber(property.surfaceM2)),
        },
        { label: t.floor, value: labelFor(property.floorCode) },
        { label: t.orientation, value: labelFor(property.orientationCode) },
        { label: t.energy, value: labelFor(property.energyCertificationCode) },
        { label: t.emission, value: labelFor(property.emissionCertificationCode) },
        { label: t.status, value: labelFor(property.statusCode) },
        { label: t.protectedHousing, value: labelFor(property.protectedHousingCode) },
      ]}
    />
  );
}

/** The additional features (PAF codes) with their labels. */
export function FeatureList({ codes }: { codes: readonly string[] }) {
  const labels = codes.map((code) => labelFor(code)).filter((label) => label !== undefined);
  if (labels.length === 0) return null;
  return (
    <ul className="feature-list">
      {labels.map((label) => (
        <li key={label}>{label}</li>
      ))}
    </ul>
  );
}
