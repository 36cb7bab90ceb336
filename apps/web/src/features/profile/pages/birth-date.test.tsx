import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '@casaoferta/domain/errors';
import { birthDateBounds, madridToday } from '@casaoferta/domain/rules/tenant-profile';
import { formTexts } from '../../../shared/forms/texts';
import { clearToasts, getToasts } from '../../../shared/ui/toast-store';
import { mockApi, ok } from '../../../test/mock-api';
import { fullProfile, mastersRoute, renderAt } from '../test-data';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

/** Issue 22 §6: the birth date's own Spanish message on its field, and no request sent. */
describe('/profile/about-me: the birth date', () => {
  const cases: [what: string, birthDate: () => string, message: string][] = [
    // Year 0 a date input cannot hold (its value becomes empty); year 1 it can.
    ['year 1', () => '0001-01-01', formTexts.dateOutOfRange(1900, 2200)],
    ['1899', () => '1899-12-31', formTexts.dateOutOfRange(1900, 2200)],
    [
      'one day over 120 years old',
      () => {
        const { min } = birthDateBounds(madridToday());
        const day = new Date(`${min}T00:00:00Z`);
        day.setUTCDate(day.getUTCDate() - 1);
        return day.toISOString().slice(0, 10);
      },
      errorMessages.BIRTH_DATE_TOO_OLD,
    ],
  ];

  for (const [what, birthDate, message] of cases) {
    it(`says "${message}" for ${what}, and sends nothing`, async () => {
      const api = mockApi({
        ...mastersRoute,
        'GET /api/tenant': () => ok(fullProfile()),
        'PUT /api/tenant/profile/personal': () => ok(fullProfile()),
      });
      const user = userEvent.setup();
      renderAt('/profile/about-me');
      const date = await screen.findByLabelText(/Fecha de nacimiento/);
      fireEvent.change(date, { target: { value: birthDate() } });
      await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      await waitFor(() => expect(date).toHaveAccessibleDescription(expect.stringContaining(message)));
      expect(api.callsTo('PUT', '/api/tenant/profile/personal')).toEqual([]);
      expect(getToasts()).toEqual([]);
    });
  }

  it("offers only the days of someone 18 to 120 years old today in the date input's picker", async () => {
    mockApi({ ...mastersRoute, 'GET /api/tenant': () => ok(fullProfile()) });
    renderAt('/profile/about-me');
    const date = await screen.findByLabelText(/Fecha de nacimiento/);
    expect(date).toHaveAttribute('min', birthDateBounds(madridToday()).min);
  });
});
