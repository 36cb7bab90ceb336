import type { ContractViewDto } from '@casaoferta/domain/schemas/contracts';
import { contractSteps } from '../contract-view';
import { contractsTexts } from '../texts';

const t = contractsTexts.detail;

/** Datos del propietario → Datos del inquilino → Firma → Firmado: the current step marked for everyone. */
export function ContractStepper({ contract }: { contract: Pick<ContractViewDto, 'kind' | 'nextStep'> }) {
  return (
    <ol className="ctr-steps" aria-label={t.stepsLabel}>
      {contractSteps(contract).map((step, index) => (
        <li
          key={step.label}
          className={`ctr-steps__item ctr-steps__item--${step.state}`}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className="ctr-steps__marker" aria-hidden="true">
            {step.state === 'done' ? '✓' : index + 1}
          </span>
          <span className="ctr-steps__label">
            {step.label}
            {step.state !== 'todo' && (
              <span className="visually-hidden"> ({step.state === 'done' ? t.stepDone : t.stepCurrent})</span>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
