import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api';
import { clearToasts } from '../../../shared/ui/toast-store';
import { formValuesOf } from '../form-schema';
import { contractId, contractView, ownerData, renderAt } from '../test-data';

/**
 * The owner's contract form is filled from the stored data whenever it applies (issue 23): a sale's arras
 * type shows (the one the buyer accepted), and terms stored for the other kind still give what both kinds
 * share (IBAN, conditions).
 */
beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const id = contractId(1);
const base = `/api/contract/${id}`;
const noImages = () => ok({ items: [] });
const saleTerms = {
  arrasTypeCode: 'ARS002' as const,
  arrasAmount: 11_500,
  deedDeadline: '2027-03-31',
  iban: 'ES9121000418450200051332',
  conditionCodes: ['CCO008'],
};
const rentalTerms = ownerData().rental;

describe('the owner’s contract form, filled from the stored data', () => {
  it('shows the stored arras type of a sale, fills its terms and saves them with that type', async () => {
    const api = mockApi({
      [`GET ${base}/contractor`]: () => ok(contractView(1, { kind: 'sale', amount: 230_000 })),
      [`GET ${base}/owner`]: () => ok(ownerData({ rental: null, sale: saleTerms })),
      [`PUT ${base}/owner`]: () => ok(ownerData({ rental: null, sale: saleTerms, saved: true })),
      [`GET ${base}/preload-images`]: noImages,
    });
    const user = userEvent.setup();
    renderAt(`/contract/${id}`);
    await screen.findByRole('heading', { name: 'Tus datos y las condiciones de la venta' });
    const terms = await screen.findByRole('group', { name: 'Condiciones de la venta' });
    expect(within(terms).getByText('Tipo de arras:', { exact: false }).parentElement).toHaveTextContent(
      'Tipo de arras: Arras confirmatorias',
    );
    expect(within(terms).getByRole('textbox', { name: /Importe de las arras/ })).toHaveValue('11.500');
    expect(within(terms).getByLabelText(/Fecha límite para la escritura/)).toHaveValue('2027-03-31');
    expect(within(terms).getByRole('textbox', { name: /IBAN/ })).toHaveValue('ES9121000418450200051332');
    expect(
      within(terms).getByRole('checkbox', { name: 'Entrega de llaves a la firma del contrato' }),
    ).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo('PUT', `${base}/owner`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${base}/owner`)[0]?.body).toMatchObject({ rental: null, sale: saleTerms });
  });

  it('fills a sale from rental terms stored before: IBAN and conditions, the arras left to type', async () => {
    mockApi({
      [`GET ${base}/contractor`]: () => ok(contractView(1, { kind: 'sale', amount: 230_000 })),
      [`GET ${base}/owner`]: () =>
        ok(ownerData({ rental: rentalTerms && { ...rentalTerms, iban: 'ES9121000418450200051332' } })),
      [`GET ${base}/preload-images`]: noImages,
    });
    renderAt(`/contract/${id}`);
    await screen.findByRole('heading', { name: 'Tus datos y las condiciones de la venta' });
    const terms = await screen.findByRole('group', { name: 'Condiciones de la venta' });
    expect(within(terms).getByRole('textbox', { name: /IBAN/ })).toHaveValue('ES9121000418450200051332');
    expect(within(terms).getByRole('checkbox', { name: 'Subarriendo no permitido' })).toBeChecked();
    expect(within(terms).getByRole('textbox', { name: /Importe de las arras/ })).toHaveValue('');
    // No type stored: none is claimed.
    expect(within(terms).queryByText(/Tipo de arras/)).toBeNull();
  });

  it('keeps every stored field of the kind shown, and the shared ones across kinds', () => {
    const party = ownerData().party;
    expect(formValuesOf({ party, rental: null, sale: saleTerms }, 'owner', 'rental').rental).toMatchObject({
      durationMonths: 12,
      paymentTypeCode: 'CPT001',
      iban: 'ES9121000418450200051332',
      conditionCodes: ['CCO008'],
    });
    expect(formValuesOf({ party, rental: rentalTerms, sale: null }, 'owner', 'room_rental').rental).toEqual({
      ...rentalTerms,
      iban: '',
    });
    expect(formValuesOf({ party, rental: null, sale: saleTerms }, 'owner', 'sale').sale).toEqual(saleTerms);
    expect(formValuesOf({ party, rental: null, sale: saleTerms }, 'tenant', 'sale')).toMatchObject({
      rental: null,
      sale: null,
    });
  });
});
