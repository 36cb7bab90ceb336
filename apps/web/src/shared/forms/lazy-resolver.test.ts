import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { lazyResolver } from './lazy-resolver';

type Values = { name: string };
const options = { shouldUseNativeValidation: false, fields: {} } as const;
const resolver: Resolver<Values> = (values) => {
  if (values.name) return { values, errors: {} as Record<string, never> };
  return { values: {}, errors: { name: { type: 'required', message: 'x' } } };
};

describe('lazyResolver', () => {
  it('loads the resolver on the first validation only, and answers as it does', async () => {
    const load = vi.fn(() => Promise.resolve(resolver));
    const lazy = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    expect((await lazy({ name: '' }, undefined, options)).errors.name?.type).toBe('required');
    expect((await lazy({ name: 'Ana' }, undefined, options)).errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(resolver);
    const lazy = lazyResolver(load);
    await expect(lazy({ name: 'Ana' }, undefined, options)).rejects.toThrow('offline');
    expect((await lazy({ name: 'Ana' }, undefined, options)).errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});
