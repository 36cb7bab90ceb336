import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { personName } from '@casaoferta/domain/schemas/person-name';
import { formResolver } from './resolver';
import { formTexts } from './texts';

const schema = z.object({ price: z.number().int(), rooms: z.number().int().min(1).optional() });
const options = { shouldUseNativeValidation: false, fields: {} } as const;
type Values = z.input<typeof schema>;
/** What a form holds may break the schema: that is what is being checked. */
const messages = async (
  resolver: ReturnType<typeof formResolver<typeof schema>>,
  values: Record<string, unknown>,
) => {
  const result = await resolver(values as Values, undefined, options);
  return Object.fromEntries(Object.entries(result.errors).map(([name, error]) => [name, error?.message]));
};

describe('formResolver', () => {
  it('says in Spanish what is wrong, with a field’s own message when it is left empty', async () => {
    const resolver = formResolver(schema, { required: { price: 'Indica el precio' } });
    expect(await messages(resolver, { price: null, rooms: 0 })).toEqual({
      price: 'Indica el precio',
      rooms: 'Debe ser mayor que 0',
    });
    expect(await messages(resolver, { price: 1.5 })).toEqual({
      price: 'Introduce un número entero, sin decimales',
    });
  });

  it('lets a form say one thing per field', async () => {
    const resolver = formResolver(schema, {
      fieldMessage: (name) => (name === 'rooms' ? 'Nº de habitaciones' : undefined),
    });
    expect(await messages(resolver, { rooms: 0 })).toEqual({
      price: 'Este campo es obligatorio',
      rooms: 'Nº de habitaciones',
    });
  });

  it('says how to write a name the domain refuses (NAME_INVALID), as every form with a name does', async () => {
    const names = z.object({ name: personName(), surname: personName(120) });
    const resolver = formResolver(names);
    const errors = async (values: Record<string, unknown>) => {
      const result = await resolver(values as z.input<typeof names>, undefined, options);
      return Object.fromEntries(Object.entries(result.errors).map(([name, error]) => [name, error?.message]));
    };
    expect(await errors({ name: 'Tu banco: https://evil.example', surname: 'Usuario 12' })).toEqual({
      name: formTexts.personName,
      surname: formTexts.personName,
    });
    expect(await errors({ name: 'J. Ramón', surname: "O'Brien Núñez" })).toEqual({});
  });
});
