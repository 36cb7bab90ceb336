import { userAttributes } from '@casaoferta/domain/masters/user';

const kinds = userAttributes().documentKinds;

/** The Spanish name of a document kind (master list `userAttributes.documentKinds`). */
export const documentKindLabel = (code: string): string =>
  kinds.find((item) => item.code === code)?.label ?? code;
