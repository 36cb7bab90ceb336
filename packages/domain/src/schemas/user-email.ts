import { z } from 'zod';

/**
 * A person's e-mail address (issue 12, point 4): given in the settings, confirmed by a link sent to it,
 * and only then used for notices. Every e-mail carries an unsubscribe link that works without logging in.
 */
export const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'Escribe un correo electrónico válido, como nombre@ejemplo.es.' }));

/** PUT /api/user/email */
export const emailChangeRequest = z.object({ email: emailAddress });

/** The address in use and the one waiting for its confirmation link, if any. */
export const emailState = z.object({
  email: z.string().nullable(),
  pendingEmail: z.string().nullable(),
  pendingExpiresAt: z.iso.datetime().nullable(),
});
export type EmailState = z.infer<typeof emailState>;

/** The token of a confirmation link: 32 random bytes, base64url. */
export const emailConfirmationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** POST /api/user/email/confirm */
export const emailConfirmRequest = z.object({ token: emailConfirmationToken });

/** POST /api/user/email/unsubscribe */
/**
 * `kind` 'favourites' (the link in a favourite's alert, decision 037) turns those alerts off on every
 * channel; absent ('email', the footer of every e-mail), the e-mail channel of every kind goes off.
 */
export const unsubscribeKinds = ['email', 'favourites'] as const;
export const unsubscribeRequest = z.object({
  token: z.uuid(),
  kind: z.enum(unsubscribeKinds).default('email'),
});
export const unsubscribeResponse = z.object({ email: z.string().nullable() });
