import { describe, expect, it } from 'vitest';
import { renderTemplates, samples, type Rendered, type Sample } from '../test/message-templates';

/**
 * The Spanish of every message as sent (issue 23 points 11 and 16): each template of every feature
 * (test/message-templates.ts walks them from disk), rendered for a paid and an unpaid announcement, and
 * again with the words people write themselves ending in a full stop, as they often do (an agent's
 * reason "Las fotos no corresponden al inmueble.", an owner's title), reads with no doubled full stop
 * ("inmueble.."), no double space, no space before a comma or a stop, no glued "€", and no value missing.
 * The static texts are read by packages/domain/src/spanish-texts.test.ts.
 */

/** People's own words, as they type them: ending in a full stop. */
const ownWordsWithStop: Record<string, Sample> = {
  title: () => 'Ático con terraza.',
  announcement: () => 'Ático con terraza.',
  // An agent's reason (validation/); the offers' reason is a code of the master list, kept as it is.
  reason: (unlocked, file) =>
    file.startsWith('offers/') ? samples.reason?.(unlocked, file) : 'Las fotos no corresponden al inmueble.',
};

const problems: [string, RegExp][] = [
  ['punto doble', /(?<!\.)\.\.(?!\.)/],
  ['dos espacios', /\S {2,}\S/],
  ['espacio antes de coma o punto', /\S[ \t]+[,.](?!\.\.)/],
  ['€ pegado', /[^\s(«€]€/],
  ['un valor que falta', /undefined|null|NaN|\[object Object\]/],
];

function findings(rendered: Rendered[]): string[] {
  return rendered.flatMap((r) =>
    problems.flatMap(([name, pattern]) => {
      const hit = pattern.exec(r.text);
      return hit ? [`${r.template}: ${name} («${hit[0]}») en «${r.text}»`] : [];
    }),
  );
}

describe('the Spanish of every message template, rendered', () => {
  it('has no doubled stop, double space, space before a stop or missing value, paid or not', async () => {
    const rendered = [...(await renderTemplates(false)), ...(await renderTemplates(true))];
    expect(rendered.length).toBeGreaterThan(40);
    expect(findings(rendered)).toEqual([]);
  });

  it('ends people’s own words with one full stop: "Motivo: … inmueble." and not "inmueble.."', async () => {
    const rendered = [
      ...(await renderTemplates(false, ownWordsWithStop)),
      ...(await renderTemplates(true, ownWordsWithStop)),
    ];
    const withReason = rendered.filter((r) => r.text.includes('Las fotos no corresponden al inmueble'));
    expect(withReason.length).toBeGreaterThan(0);
    expect(findings(rendered)).toEqual([]);
  });

  it('catches a doubled stop and the rest', () => {
    const sample = (text: string): Rendered => ({ template: 'x', text, parameters: [] });
    expect(findings([sample('Motivo: Las fotos no corresponden al inmueble.. Corrígelo.')])).toHaveLength(1);
    expect(findings([sample('Oferta: 1.150€/mes')])).toHaveLength(1);
    expect(findings([sample('Hola ,  Laura')])).toHaveLength(2);
    expect(findings([sample('Motivo: undefined.')])).toHaveLength(1);
    expect(findings([sample('Oferta de 1.150 €/mes en «Ático con terraza.». Cargando...')])).toEqual([]);
  });
});
