import type { Ref } from 'react';
import { propertyFormTexts as t } from '../texts';

/**
 * 'Paso 2 de 4' and the step names, the current one marked (aria-current="step"). The heading takes
 * focus after each step change, so the new step is read from its title.
 */
export function Stepper({ current, headingRef }: { current: number; headingRef: Ref<HTMLHeadingElement> }) {
  const total = t.steps.length;
  return (
    <div className="property-stepper">
      <ol className="property-stepper__list" aria-label={t.stepsLabel}>
        {t.steps.map((name, index) => (
          <li
            key={name}
            className={
              index === current
                ? 'property-stepper__item is-current'
                : index < current
                  ? 'property-stepper__item is-done'
                  : 'property-stepper__item'
            }
            aria-current={index === current ? 'step' : undefined}
          >
            <span className="property-stepper__number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="property-stepper__name">{name}</span>
          </li>
        ))}
      </ol>
      <h2 ref={headingRef} tabIndex={-1} className="property-stepper__heading">
        <span className="property-stepper__count">{t.stepOf(current + 1, total)}</span>{' '}
        <span>{t.steps[current]}</span>
      </h2>
    </div>
  );
}
