import { act, screen } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContractViewDto } from '@casaoferta/domain/schemas/contracts';
import { mockApi, ok } from '../../../test/mock-api';
import { contractId, contractView, renderAt, tenantData } from '../test-data';

/**
 * The contract's page follows the other party by itself (issue 13): it asks again every 5 s while the
 * other acts and the page is visible, stops once it is my turn, signed or cancelled, and reads again
 * what depends on the step when it changes.
 */
beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  focusManager.setFocused(undefined);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const seconds = (n: number) => act(() => vi.advanceTimersByTimeAsync(n * 1000));

/** A contract seen by its tenant, with `view()` answering what the API holds now. */
function tenantPage(n: number, first: ContractViewDto) {
  const base = `/api/contract/${contractId(n)}`;
  let current = first;
  const api = mockApi({
    [`GET ${base}/contractor`]: () => ok(current),
    [`GET ${base}/tenant`]: () => ok(tenantData()),
    [`GET ${base}/preload-images`]: () => ok({ items: [] }),
  });
  renderAt(`/contract/${contractId(n)}`);
  return {
    views: () => api.callsTo('GET', `${base}/contractor`).length,
    tenantReads: () => api.callsTo('GET', `${base}/tenant`).length,
    set: (next: ContractViewDto) => {
      current = next;
    },
  };
}

const asTenant = (n: number, overrides: Partial<ContractViewDto> = {}) =>
  contractView(n, { role: 'tenant', ...overrides });

describe('/contract/:id follows the other party', () => {
  it('asks every 5 s while the owner fills, and stops with the form refreshed once it is my turn', async () => {
    const page = tenantPage(11, asTenant(11));
    expect(await screen.findByText('Esperando los datos de Carmen Ruiz Ortega.')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^Nombre/ })).toBeInTheDocument();
    expect([page.views(), page.tenantReads()]).toEqual([1, 1]);
    await seconds(5);
    expect(page.views()).toBe(2);
    expect(page.tenantReads()).toBe(1);

    page.set(
      asTenant(11, {
        statusCode: 'CST001',
        ownerSentAt: '2026-11-21T10:00:00.000Z',
        nextActor: 'tenant',
        nextStep: 'fill_tenant',
      }),
    );
    await seconds(5);
    expect(await screen.findByText('Te toca completar y enviar tus datos.')).toBeInTheDocument();
    expect(page.views()).toBe(3);
    // The step changed: my form's data is read again.
    expect(page.tenantReads()).toBe(2);
    await seconds(20);
    expect(page.views()).toBe(3);
  });

  it('waits for the other signature after mine, and stops once signed', async () => {
    const signedByMe = {
      statusCode: 'CST003' as const,
      ownerSentAt: '2026-11-21T10:00:00.000Z',
      tenantSentAt: '2026-11-22T10:00:00.000Z',
      sentToSignAt: '2026-11-23T10:00:00.000Z',
      documentSha256: 'a'.repeat(64),
      tenantSignature: { fullName: 'Laura Gómez Sanz', signedAt: '2026-11-24T10:00:00.000Z' },
      nextActor: 'owner' as const,
      nextStep: 'sign' as const,
    };
    const page = tenantPage(12, asTenant(12, signedByMe));
    expect(await screen.findByText('Esperando la firma de Carmen Ruiz Ortega.')).toBeInTheDocument();
    await seconds(5);
    expect(page.views()).toBe(2);
    page.set(
      asTenant(12, {
        ...signedByMe,
        statusCode: 'CST004',
        ownerSignature: { fullName: 'Carmen Ruiz Ortega', signedAt: '2026-11-24T11:00:00.000Z' },
        signedAt: '2026-11-24T11:00:00.000Z',
        nextActor: null,
        nextStep: 'done',
      }),
    );
    await seconds(5);
    expect(await screen.findByText('El contrato está firmado por las dos partes.')).toBeInTheDocument();
    expect(page.views()).toBe(3);
    await seconds(20);
    expect(page.views()).toBe(3);
  });

  it('does not ask while it is my turn', async () => {
    const mine = tenantPage(
      13,
      asTenant(13, {
        statusCode: 'CST001',
        ownerSentAt: '2026-11-21T10:00:00.000Z',
        nextActor: 'tenant',
        nextStep: 'fill_tenant',
      }),
    );
    expect(await screen.findByText('Te toca completar y enviar tus datos.')).toBeInTheDocument();
    await seconds(20);
    expect(mine.views()).toBe(1);
  });

  it('pauses while the page is hidden', async () => {
    const page = tenantPage(14, asTenant(14));
    expect(await screen.findByText('Esperando los datos de Carmen Ruiz Ortega.')).toBeInTheDocument();
    act(() => focusManager.setFocused(false));
    await seconds(20);
    expect(page.views()).toBe(1);
    act(() => focusManager.setFocused(true));
    await seconds(5);
    expect(page.views()).toBeGreaterThan(1);
  });
});
