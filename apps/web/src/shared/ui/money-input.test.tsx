import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { MoneyField, MoneyInput, parseEuros } from './money-input';
import type { MoneyProblem } from './money-input';

function Harness({ initial = null, warning }: { initial?: number | null; warning?: string }) {
  const [value, setValue] = useState<number | null>(initial);
  const [problem, setProblem] = useState<MoneyProblem | null>(null);
  return (
    <>
      <MoneyInput
        label="Precio de venta"
        unit="euro"
        value={value}
        warning={warning}
        onChange={(next, nextProblem) => {
          setValue(next);
          setProblem(nextProblem);
        }}
      />
      <output data-testid="value">{value === null ? 'null' : String(value)}</output>
      <output data-testid="problem">{problem ?? 'none'}</output>
      <button type="button">Otro</button>
    </>
  );
}

const input = () => screen.getByRole('textbox', { name: /Precio de venta/ });
const value = () => screen.getByTestId('value').textContent;

describe('parseEuros', () => {
  it.each([
    ['250.000', 250_000],
    ['250000', 250_000],
    ['1.250.000 €', 1_250_000],
    ['250 000', 250_000],
    ['250.000,00', 250_000],
    ['0', 0],
    ['', null],
  ])('reads %j as %j euros', (text, euros) => {
    expect(parseEuros(text)).toEqual({ value: euros, problem: null });
  });

  it.each([
    ['250000,50', 'decimals'],
    ['250.000,5', 'decimals'],
    ['1.5', 'decimals'],
    ['2.5000', 'format'],
    ['1,234,567', 'format'],
    ['12a', 'format'],
    ['99999999999999999', 'format'],
  ])('refuses %j (%s)', (text, problem) => {
    expect(parseEuros(text)).toEqual({ value: null, problem });
  });
});

describe('MoneyInput', () => {
  it('is a numeric text field named with its unit', () => {
    render(<Harness />);
    expect(input()).toHaveAttribute('type', 'text');
    expect(input()).toHaveAttribute('inputmode', 'numeric');
    expect(input()).toHaveAccessibleDescription('en euros');
    expect(screen.getByText('€')).toBeVisible();
  });

  it('reads "250.000" typed the Spanish way as 250.000 €, not 250 €', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(input(), '250.000');
    expect(input()).toHaveValue('250.000');
    expect(value()).toBe('250000');
  });

  it('groups the thousands as the owner types, keeping the caret after the digit typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(input(), '250000');
    expect(input()).toHaveValue('250.000');
    expect(value()).toBe('250000');
    // A digit typed in the middle: '25|0.000' + '5' → '2.55|0.000'.
    await user.type(input(), '5', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(input()).toHaveValue('2.550.000');
    expect((input() as HTMLInputElement).selectionStart).toBe(4);
    expect(value()).toBe('2550000');
  });

  it('refuses cents with a clear message once the owner leaves the field', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(input(), '250000,50');
    expect(value()).toBe('null');
    expect(screen.getByTestId('problem')).toHaveTextContent('decimals');
    await user.click(screen.getByRole('button', { name: 'Otro' }));
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveAccessibleDescription(/Escribe el importe en euros, sin céntimos/);
    expect(input()).toHaveValue('250.000,50');
  });

  it('takes a pasted amount with its symbol', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(input());
    await user.paste('1.250.000 €');
    expect(input()).toHaveValue('1.250.000');
    expect(value()).toBe('1250000');
  });

  it('deletes digits, and a dot deleted alone takes its digit with it', async () => {
    const user = userEvent.setup();
    render(<Harness initial={2500} />);
    expect(input()).toHaveValue('2.500');
    await user.type(input(), '{Backspace}');
    expect(input()).toHaveValue('250');
    expect(value()).toBe('250');
    await user.clear(input());
    await user.type(input(), '12500');
    // Backspace right after the dot of '12.|500': the 2 goes, not the dot.
    await user.type(input(), '{Backspace}', { initialSelectionStart: 3, initialSelectionEnd: 3 });
    expect(input()).toHaveValue('1.500');
    expect((input() as HTMLInputElement).selectionStart).toBe(1);
    await user.clear(input());
    expect(value()).toBe('null');
  });

  it('shows a warning under the field without marking it invalid', () => {
    render(<Harness initial={250} warning="Precio poco habitual para una venta." />);
    expect(input()).not.toHaveAttribute('aria-invalid');
    expect(input()).toHaveAccessibleDescription('en euros Precio poco habitual para una venta.');
  });

  it('follows a value set from outside (a form reset)', () => {
    const { rerender } = render(
      <MoneyInput label="Renta mensual" unit="euroPerMonth" value={1250} onChange={() => undefined} />,
    );
    const rent = screen.getByRole('textbox', { name: /Renta mensual/ });
    expect(rent).toHaveValue('1.250');
    expect(rent).toHaveAccessibleDescription('en euros al mes');
    rerender(<MoneyInput label="Renta mensual" unit="euroPerMonth" value={980} onChange={() => undefined} />);
    expect(rent).toHaveValue('980');
  });
});

describe('MoneyField (react-hook-form)', () => {
  function Form({
    onSubmit,
    price,
  }: {
    onSubmit: (values: { price?: number | null }) => void;
    price?: number;
  }) {
    const { control, handleSubmit } = useForm<{ price?: number | null }>({ defaultValues: { price } });
    return (
      <form onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <MoneyField control={control} name="price" label="Precio" unit="euro" />
        <button type="submit">Guardar</button>
      </form>
    );
  }

  it('hands the form an integer number of euros', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: /Precio/ }), '148.500');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onSubmit).toHaveBeenCalledWith({ price: 148_500 }, expect.anything());
  });

  it('empties a prefilled amount for good (null, not the default value back)', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} price={1150} />);
    const price = screen.getByRole('textbox', { name: /Precio/ });
    expect(price).toHaveValue('1.150');
    await user.clear(price);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(price).toHaveValue('');
    expect(onSubmit).toHaveBeenCalledWith({ price: null }, expect.anything());
  });

  it('hands the form no number while the text is not one, so a schema refuses it', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: /Precio/ }), '250000,50');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onSubmit).toHaveBeenCalledWith({ price: Number.NaN }, expect.anything());
  });
});
