import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RadioGroup } from './radio-group';
import { Tabs } from './tabs';
import { TextField } from './text-field';

describe('form fields', () => {
  it('wires label, hint and error to the input', () => {
    render(<TextField label="Salario mensual" hint="Entre 300 y 10.000 €" error="Valor demasiado bajo" />);
    const input = screen.getByLabelText('Salario mensual');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Entre 300 y 10.000 € Valor demasiado bajo');
  });

  it('has no invalid state without error', () => {
    render(<TextField label="Nombre" />);
    expect(screen.getByLabelText('Nombre')).not.toHaveAttribute('aria-invalid');
  });

  it('groups radios under a legend', async () => {
    function Harness() {
      const [value, setValue] = useState<string | null>(null);
      return (
        <RadioGroup
          legend="Forma de pago"
          name="payment"
          value={value}
          onChange={setValue}
          options={[
            { value: 'OPT000', label: 'Al contado' },
            { value: 'OPT001', label: 'Hipoteca' },
          ]}
        />
      );
    }
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Forma de pago' });
    expect(group).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Hipoteca'));
    expect(screen.getByLabelText('Hipoteca')).toBeChecked();
  });
});

describe('<Tabs/>', () => {
  it('moves and selects with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    render(
      <Tabs
        label="Ofertas"
        items={[
          { id: 'a', label: 'Activas', content: 'Contenido activas' },
          { id: 'b', label: 'Retiradas', content: 'Contenido retiradas' },
          { id: 'c', label: 'Aceptadas', content: 'Contenido aceptadas' },
        ]}
      />,
    );
    const first = screen.getByRole('tab', { name: 'Activas' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Contenido activas');
    await user.click(first);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Retiradas' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Contenido retiradas');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Aceptadas' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Activas' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Aceptadas' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Activas' })).toHaveAttribute('tabindex', '-1');
  });
});
