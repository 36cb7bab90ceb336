import { describe, expect, it } from 'vitest';
import { escapeLike } from './sql-like';

describe('escapeLike', () => {
  it('escapes the wildcards and the escape character', () => {
    expect(escapeLike('50%')).toBe('50\\%');
    expect(escapeLike('a_b')).toBe('a\\_b');
    expect(escapeLike('c:\\x')).toBe('c:\\\\x');
    expect(escapeLike('%_\\%')).toBe('\\%\\_\\\\\\%');
  });

  it('leaves other text as it is', () => {
    expect(escapeLike('Calle de Alcalá, 3º (bajo) [A] *')).toBe('Calle de Alcalá, 3º (bajo) [A] *');
    expect(escapeLike('')).toBe('');
  });
});
