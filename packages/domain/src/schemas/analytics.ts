import { z } from 'zod';

const appPath = z
  .string()
  .max(512)
  .regex(/^\/[^\s]*$/, 'ruta de la aplicación');

export const pageViewRequest = z.object({
  path: appPath,
  referrer: appPath.nullish(),
});
export type PageViewRequest = z.infer<typeof pageViewRequest>;
