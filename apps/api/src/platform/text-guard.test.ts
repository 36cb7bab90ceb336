import { describe, expect, it } from 'vitest';
import { unstorableText } from './text-guard';

describe('unstorableText', () => {
  it('finds NUL and lone surrogates anywhere, and names where', () => {
    expect(unstorableText({ street: 'Calle\u0000Mayor' })).toEqual(['street']);
    expect(unstorableText({ a: [{ b: 'x\uD800' }] })).toEqual(['a', '0', 'b']);
    expect(unstorableText({ a: '\uDFFFx' })).toEqual(['a']);
    expect(unstorableText('\u0000')).toEqual([]);
  });

  it('lets ordinary Spanish text, emoji and numbers through', () => {
    expect(
      unstorableText({ street: 'Calle de Alcalá, 3º', note: 'Luminoso ☀️ 🏠', n: 3, b: null }),
    ).toBeNull();
  });
});
