import { ContractStatus } from '@casaoferta/domain/codes';
import { formatEuros } from '@casaoferta/domain/format';
import { contractAttributes } from '@casaoferta/domain/masters/offer-contract';
import { masterLabel } from '@casaoferta/domain/masters/item';
import type {
  ContractKind,
  ContractPartyRole,
  ContractSummaryDto,
  ContractViewDto,
} from '@casaoferta/domain/schemas/contracts';
import { contractsTexts } from './texts';

/** Master lists of contracts (`contractAttributes`): statuses, payment types and conditions. */
export const contractLists = contractAttributes();

export const statusLabel = (code: string) => masterLabel(contractLists.statuses, code);
export const paymentTypeLabel = (code: string) => masterLabel(contractLists.paymentTypes, code);
export const conditionLabel = (code: string) => masterLabel(contractLists.conditions, code);

/** Sales name the parties seller and buyer; rentals (of a home or a room) owner and tenant. */
export const kindGroup = (kind: ContractKind): 'rental' | 'sale' => (kind === 'sale' ? 'sale' : 'rental');

export const roleLabel = (kind: ContractKind, role: ContractPartyRole) =>
  contractsTexts.roles[kindGroup(kind)][role];

/** The agreed amount, es-ES, per month for rentals. */
export const amountText = (kind: ContractKind, amount: number) => formatEuros(amount, kind !== 'sale');

/** Whether the next step is mine. */
export const isMyTurn = (contract: Pick<ContractSummaryDto, 'nextActor' | 'role'>) =>
  contract.nextActor === 'both' || contract.nextActor === contract.role;

/** Before it goes to sign: the parties' data and the inventory photos may still change. */
const beforeSign: readonly string[] = [
  ContractStatus.Draft,
  ContractStatus.OwnerDataDone,
  ContractStatus.TenantDataDone,
];

/** Whether my side's form may still change: before sending it and before the contract goes to sign. */
export const canEditMine = (contract: ContractViewDto): boolean =>
  beforeSign.includes(contract.statusCode) &&
  (contract.role === 'owner' ? contract.ownerSentAt : contract.tenantSentAt) === null;

/** Whether my side may send now: the owner first (CST000), then the tenant (CST001). */
export const canSendMine = (contract: ContractViewDto) =>
  canEditMine(contract) &&
  contract.statusCode === (contract.role === 'owner' ? ContractStatus.Draft : ContractStatus.OwnerDataDone);

/** Inventory photos change until the contract goes to sign. */
export const photosEditable = (contract: ContractViewDto) => beforeSign.includes(contract.statusCode);

/** Either party may cancel until the contract is signed. */
export const canCancelContract = (contract: ContractViewDto) =>
  beforeSign.includes(contract.statusCode) || contract.statusCode === ContractStatus.SentToSign;

/** The owner sends it to sign once both sides sent their data. */
export const canSendToSign = (contract: ContractViewDto) =>
  contract.role === 'owner' && contract.statusCode === ContractStatus.TenantDataDone;

export const mySignature = (contract: ContractViewDto) =>
  contract.role === 'owner' ? contract.ownerSignature : contract.tenantSignature;

export const canSign = (contract: ContractViewDto) =>
  contract.statusCode === ContractStatus.SentToSign && mySignature(contract) === null;

export type StepState = 'done' | 'current' | 'todo';
export interface ContractStep {
  label: string;
  state: StepState;
}

const stepIndex: Readonly<Record<ContractViewDto['nextStep'], number>> = {
  fill_owner: 0,
  fill_tenant: 1,
  send_to_sign: 2,
  sign: 2,
  done: 4,
  cancelled: -1,
};

/** Datos del propietario → Datos del inquilino → Firma → Firmado, with where the contract stands. */
export function contractSteps(contract: Pick<ContractViewDto, 'kind' | 'nextStep'>): ContractStep[] {
  const t = contractsTexts.detail.steps;
  const group = kindGroup(contract.kind);
  const labels = [t.owner[group], t.tenant[group], t.sign, t.signed];
  const current = stepIndex[contract.nextStep];
  return labels.map((label, index) => ({
    label,
    state:
      current < 0
        ? 'todo'
        : index < current || current === 4
          ? 'done'
          : index === current
            ? 'current'
            : 'todo',
  }));
}

const time = new Intl.DateTimeFormat('es-ES', { timeStyle: 'short', timeZone: 'Europe/Madrid' });
export const formatTime = (iso: string) => time.format(new Date(iso));
