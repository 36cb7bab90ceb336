import { describe, expect, it } from 'vitest';
import { notMessages, renderTemplates, templateFiles } from '../test/message-templates';
import { revealedSecrets } from '../test/paid-unlock';

/**
 * The paid unlock in every message (issue 22 point 2, decision 026): every template a feature writes
 * people with (each `texts.ts` or `*-texts.ts` under modules/, found on disk, so a new one joins by
 * itself; test/message-templates.ts), rendered for an announcement that is not paid, gives away no offer
 * amount, no candidate's surname, no phone. Each parameter gets a sample by its name; the samples are
 * what a caller has at hand about the candidate (their amount, their first name) and the lock itself
 * (`unlocked: false`), so a template that prints an amount without taking the lock fails here.
 */

const renderAll = (unlocked: boolean) => renderTemplates(unlocked);

describe('the paid unlock in every message template', () => {
  it('finds the templates of every feature, and each exception still exists', async () => {
    const files = templateFiles();
    expect(files).toEqual(
      expect.arrayContaining(['offers/texts.ts', 'contracts/texts.ts', 'payments/texts.ts']),
    );
    for (const excluded of Object.keys(notMessages)) expect(files).toContain(excluded);
    const rendered = await renderAll(false);
    expect(rendered.some((r) => r.template.endsWith('offerNotices.newOffer.body'))).toBe(true);
    expect(rendered.length).toBeGreaterThan(40);
  });

  it('gives away no amount, surname or phone while the announcement is not paid', async () => {
    const leaks = (await renderAll(false)).flatMap((r) =>
      revealedSecrets(r.text).map((secret) => `${r.template}: ${secret} en «${r.text}»`),
    );
    expect(leaks).toEqual([]);
  });

  it('tells the owner of a new offer how to see it, and its amount once paid', async () => {
    const { offerNotices } = await import('../modules/offers/texts');
    const locked = offerNotices.newOffer('Piso luminoso en Chamberí', 330, true, false).body;
    expect(locked).toBe(
      'Has recibido una nueva oferta en «Piso luminoso en Chamberí». Paga el anuncio para ver los importes de las ofertas y los datos de los candidatos.',
    );
    expect(offerNotices.newOffer('Piso luminoso en Chamberí', 330, true, true).body).toContain('330 €/mes');
  });

  it('the lock is the only thing between a template and the amount: once paid, those that take it show it', async () => {
    const unlocked = await renderAll(true);
    const withLock = unlocked.filter(
      (r) =>
        r.parameters.includes('unlocked') &&
        (r.parameters.includes('amount') || r.parameters.includes('offers')),
    );
    expect(withLock.length).toBeGreaterThan(0);
    const shown = new Set(
      withLock
        .filter((r) => revealedSecrets(r.text).some((s) => s.startsWith('importe')))
        .map((r) => r.template.split('.').slice(0, -1).join('.')),
    );
    expect([...shown].sort()).toEqual(
      [...new Set(withLock.map((r) => r.template.split('.').slice(0, -1).join('.')))].sort(),
    );
  });
});
