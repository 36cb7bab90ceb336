import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormCheckbox, FormCheckboxes, FormCount, FormSelect, FormText } from './fields';
import { formResolver } from './resolver';

const schema = z.object({
  street: z.string().min(1),
  door: z.string().optional(),
  rooms: z.number().int().min(1),
  floor: z.string().optional(),
  features: z.array(z.string()).max(1),
});
type Values = z.input<typeof schema>;

function Form({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const form = useForm<Values, unknown, Values>({
    resolver: formResolver(schema),
    defaultValues: { street: '', door: '', features: [] },
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
        <FormText<Values> name="street" label="Calle" required />
        <FormText<Values> name="door" label="Puerta" emptyAsUndefined />
        <FormCount<Values> name="rooms" label="Habitaciones" required />
        <FormSelect<Values>
          name="floor"
          label="Planta"
          options={[
            { code: 'F1', label: 'Primera' },
            { code: 'F2', label: 'Segunda' },
          ]}
        />
        <FormCheckboxes<Values>
          name="features"
          legend="Extras"
          options={[
            { value: 'A', label: 'Ascensor' },
            { value: 'T', label: 'Terraza' },
          ]}
        />
        <button type="submit">Guardar</button>
      </form>
    </FormProvider>
  );
}

describe('shared form fields', () => {
  it('show the Spanish error of each field, wired to its control', async () => {
    const user = userEvent.setup();
    render(<Form onSubmit={vi.fn()} />);
    await user.click(screen.getByRole('checkbox', { name: 'Ascensor' }));
    await user.click(screen.getByRole('checkbox', { name: 'Terraza' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByLabelText(/Habitaciones/)).toHaveAccessibleDescription('Este campo es obligatorio');
    expect(screen.getByLabelText(/Habitaciones/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Calle/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'Extras' })).toHaveAccessibleDescription(
      'Elige como máximo 1 opciones',
    );
  });

  it('hand the form numbers, codes and lists, an empty optional text as undefined', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText(/Calle/), 'Mayor');
    await user.type(screen.getByLabelText(/Habitaciones/), '3');
    await user.selectOptions(screen.getByLabelText(/Planta/), 'F2');
    await user.click(screen.getByRole('checkbox', { name: 'Terraza' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { street: 'Mayor', door: undefined, rooms: 3, floor: 'F2', features: ['T'] },
      expect.anything(),
    );
  });

  it('hand a single checkbox as a boolean and a normalized text as typed after normalizing', async () => {
    const small = z.object({
      code: z.string(),
      accept: z.boolean().refine((value) => value, { error: 'Acepta las condiciones' }),
    });
    type Small = z.input<typeof small>;
    const onSubmit = vi.fn();
    function SmallForm() {
      const form = useForm<Small, unknown, Small>({
        resolver: formResolver(small),
        defaultValues: { code: '', accept: false },
      });
      return (
        <FormProvider {...form}>
          <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
            <FormText<Small> name="code" label="Código" normalize={(value) => value.replace(/\D/g, '')} />
            <FormCheckbox<Small> name="accept" label="Acepto" />
            <button type="submit">Guardar</button>
          </form>
        </FormProvider>
      );
    }
    const user = userEvent.setup();
    render(<SmallForm />);
    await user.type(screen.getByLabelText('Código'), '1a2 3');
    expect(screen.getByLabelText('Código')).toHaveValue('123');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByRole('checkbox', { name: 'Acepto' })).toHaveAccessibleDescription(
      'Acepta las condiciones',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Acepto' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onSubmit).toHaveBeenCalledWith({ code: '123', accept: true }, expect.anything());
  });
});
