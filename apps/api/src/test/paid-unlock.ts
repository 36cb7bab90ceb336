/**
 * What the paid unlock (decision 026) keeps from the owner of an unpaid announcement, as the tests of
 * the templates and of the routes look for it: candidates with surnames and phones nobody else has, and
 * offer amounts nothing else in a body is.
 */
export interface SecretCandidate {
  name: string;
  surname: string;
  phoneNumber: string;
  amount: number;
  /** Whether their amount is a secret (the announcement's highest offer is public: it is not). */
  amountLocked: boolean;
}

export const lockedCandidate: SecretCandidate = {
  name: 'Laura',
  surname: 'Zubizarreta Etxeberria',
  phoneNumber: '+34611223344',
  amount: 1187,
  amountLocked: true,
};

/** Another candidate on the same announcement, whose amount is the public highest offer. */
export const otherCandidate: SecretCandidate = {
  name: 'Iker',
  surname: 'Olabarrieta Goikoetxea',
  phoneNumber: '+34622334455',
  amount: 1250,
  amountLocked: false,
};

/** 1187 as a text could write it: 1187, 1.187, "1 187" (not inside an id or a longer number). */
export function amountPattern(amount: number): RegExp {
  const thousands = Math.floor(amount / 1000);
  const rest = String(amount % 1000).padStart(3, '0');
  const body = thousands > 0 ? `${thousands}[.\\u00a0\\u202f ]?${rest}` : rest;
  return new RegExp(`(?<![\\w-])${body}(?![\\w-])`);
}

const phonePattern = (phone: string) => new RegExp(phone.replace(/^\+34/, '').split('').join('[\\s.-]?'));

/** The secrets of `candidates` that `text` gives away ('importe', 'apellido', 'teléfono'), with the match. */
export function revealedSecrets(
  text: string,
  candidates: readonly SecretCandidate[] = [lockedCandidate, otherCandidate],
  extraAmounts: readonly number[] = [],
): string[] {
  const patterns: [string, RegExp][] = candidates.flatMap((candidate): [string, RegExp][] => [
    ...(candidate.amountLocked ? [['importe', amountPattern(candidate.amount)] as [string, RegExp]] : []),
    ...candidate.surname.split(' ').map((part): [string, RegExp] => ['apellido', new RegExp(part, 'i')]),
    ['teléfono', phonePattern(candidate.phoneNumber)],
  ]);
  for (const amount of extraAmounts) patterns.push(['importe', amountPattern(amount)]);
  return patterns.flatMap(([what, pattern]) => {
    const match = pattern.exec(text);
    return match ? [`${what} (${match[0]})`] : [];
  });
}
