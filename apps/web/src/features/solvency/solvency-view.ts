import { SolvencyStatus } from '@casaoferta/domain/codes';
import { masterLabel } from '@casaoferta/domain/masters/item';
import { offerAttributes } from '@casaoferta/domain/masters/offer-contract';

/** The master list `offerAttributes.solvencyStatuses` (OSS001…OSS005) with its Spanish labels. */
const statuses = offerAttributes().solvencyStatuses;

export const solvencyLabel = (code: string): string => masterLabel(statuses, code);

/** How a status reads at a glance: good, so-so, bad, or not worked out. */
export function solvencyTone(code: string): 'good' | 'tight' | 'bad' | 'pending' {
  switch (code) {
    case SolvencyStatus.Solvent:
    case SolvencyStatus.SolventWithGuarantor:
      return 'good';
    case SolvencyStatus.Tight:
      return 'tight';
    case SolvencyStatus.Insufficient:
      return 'bad';
    default:
      return 'pending';
  }
}
