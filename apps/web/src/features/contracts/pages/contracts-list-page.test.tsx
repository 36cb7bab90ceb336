import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { contractId, contractSummary, renderAt } from '../test-data';

afterEach(() => {
  focusManager.setFocused(undefined);
  vi.unstubAllGlobals();
});

const card = (title: string) => {
  const item = screen.getByRole('link', { name: title }).closest('li');
  if (!item) throw new Error(`no card for ${title}`);
  return within(item);
};

describe('/contracts-list', () => {
  it('lists my contracts as owner and tenant with role, status, amount and whose turn it is', async () => {
    mockApi({
      'GET /api/contracts': () =>
        ok({
          items: [
            contractSummary(1),
            contractSummary(2, {
              role: 'tenant',
              title: 'Ático en Ruzafa',
              municipality: 'Valencia',
              statusCode: 'CST001',
              nextActor: 'tenant',
              nextStep: 'fill_tenant',
              amount: 900,
              counterpartName: 'Pedro Martín',
            }),
            contractSummary(3, {
              kind: 'sale',
              role: 'tenant',
              title: 'Casa de pueblo',
              statusCode: 'CST003',
              nextActor: 'owner',
              nextStep: 'sign',
              amount: 240_000,
            }),
            contractSummary(4, {
              title: 'Estudio firmado',
              statusCode: 'CST004',
              nextActor: null,
              nextStep: 'done',
            }),
          ],
        }),
    });
    renderAt('/contracts-list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis contratos' })).toBeInTheDocument();
    expect((await screen.findByRole('list', { name: 'Tus contratos' })).children).toHaveLength(4);

    const first = card('Piso 1 en Chamberí');
    expect(first.getByText('Tu papel').nextSibling).toHaveTextContent('Propietario');
    expect(first.getByText('Estado').nextSibling).toHaveTextContent('Borrador');
    expect(first.getByText('Importe').nextSibling).toHaveTextContent('1.150 €/mes');
    expect(first.getByText('Te toca a ti')).toBeInTheDocument();
    expect(first.getByText('Con Laura Gómez Sanz')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Piso 1 en Chamberí' })).toHaveAttribute(
      'href',
      `/contract/${contractId(1)}`,
    );

    const second = card('Ático en Ruzafa');
    expect(second.getByText('Inquilino')).toBeInTheDocument();
    expect(second.getByText('Datos del propietario completados')).toBeInTheDocument();
    expect(second.getByText('900 €/mes')).toBeInTheDocument();
    expect(second.getByText('Te toca a ti')).toBeInTheDocument();

    const sale = card('Casa de pueblo');
    expect(sale.getByText('Comprador')).toBeInTheDocument();
    expect(sale.getByText('Enviado a firma')).toBeInTheDocument();
    expect(sale.getByText('240.000 €')).toBeInTheDocument();
    expect(sale.queryByText('Te toca a ti')).toBeNull();

    const signed = card('Estudio firmado');
    expect(signed.getByText('Firmado')).toBeInTheDocument();
    expect(signed.queryByText('Te toca a ti')).toBeNull();
  });

  it('says when there is none, with links to my offers and my announcements', async () => {
    mockApi({ 'GET /api/contracts': () => ok({ items: [] }) });
    const user = userEvent.setup();
    renderAt('/contracts-list');
    expect(await screen.findByRole('heading', { name: 'Todavía no tienes contratos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver mis anuncios' })).toHaveAttribute(
      'href',
      '/announcement-list',
    );
    await user.click(screen.getByRole('link', { name: 'Ver mis ofertas' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/my-offers');
  });

  it('shows an error state that retries', async () => {
    let answer = () => fail(429, 'RATE_LIMITED');
    const api = mockApi({ 'GET /api/contracts': () => answer() });
    const user = userEvent.setup();
    renderAt('/contracts-list');
    expect(await screen.findByRole('alert')).toHaveTextContent('No hemos podido cargar tus contratos');
    answer = () => ok({ items: [contractSummary(1)] });
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('link', { name: 'Piso 1 en Chamberí' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/contracts')).toHaveLength(2);
  });

  it('reads the list again when the window regains focus', async () => {
    let items = [contractSummary(1)];
    const api = mockApi({ 'GET /api/contracts': () => ok({ items }) });
    renderAt('/contracts-list');
    expect(await screen.findByRole('link', { name: 'Piso 1 en Chamberí' })).toBeInTheDocument();
    expect(card('Piso 1 en Chamberí').getByText('Te toca a ti')).toBeInTheDocument();
    items = [contractSummary(1, { statusCode: 'CST001', nextActor: 'tenant', nextStep: 'fill_tenant' })];
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(api.callsTo('GET', '/api/contracts')).toHaveLength(2));
    await waitFor(() => expect(card('Piso 1 en Chamberí').queryByText('Te toca a ti')).toBeNull());
  });
});
