import { masterLabel } from '@casaoferta/domain/masters/item';
import { userAttributes } from '@casaoferta/domain/masters/user';

const kinds = userAttributes().documentKinds;

/** The Spanish name of a document kind (master list `userAttributes.documentKinds`). */
export const documentKindLabel = (code: string): string => masterLabel(kinds, code);
