import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import {
  defaultNotificationSettings,
  storedNotificationSettings,
  type NotificationChannels,
  type NotificationSettings,
  type StoredNotificationSettings,
} from '@casaoferta/domain/schemas/user-settings';
import type { EmailState } from '@casaoferta/domain/schemas/user-email';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { isPersonName } from '@casaoferta/domain/rules/person-name';
import { DomainError, uniqueViolation } from '../../platform/errors';
import { enqueueMessage } from '../../platform/outbox';
import { spendBudget } from '../../platform/rate-limit-store';
import { userEmailTexts as t } from './texts';

/** How long a confirmation link works. */
export const EMAIL_LINK_HOURS = 24;
/** Confirmation e-mails one address receives an hour, asked by any number of accounts. */
export const confirmationsPerAddressPerHour = 3;
const HOUR_MS = 3600_000;

/**
 * The mailbox an address reaches, for its budget: "ana+1@x.es" and "ana+2@x.es" are Ana's one mailbox
 * (sub-addressing), so changing the tag does not buy more e-mails to her.
 */
export const mailboxOf = (email: string): string => email.toLowerCase().replace(/\+[^@]*@/, '@');

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

type EmailColumns = Pick<typeof users.$inferSelect, 'email' | 'pendingEmail' | 'emailTokenExpiresAt'>;

export const toEmailState = (row: EmailColumns): EmailState => ({
  email: row.email,
  pendingEmail: row.pendingEmail,
  pendingExpiresAt: row.pendingEmail ? (row.emailTokenExpiresAt?.toISOString() ?? null) : null,
});

const emailColumns = {
  email: users.email,
  pendingEmail: users.pendingEmail,
  emailTokenExpiresAt: users.emailTokenExpiresAt,
};

const noPending = { pendingEmail: null, emailTokenHash: null, emailTokenExpiresAt: null };

export async function emailStateOf(db: Db, userId: string): Promise<EmailState> {
  const [row] = await db.select(emailColumns).from(users).where(eq(users.id, userId));
  if (!row) throw new DomainError('NOT_FOUND');
  return toEmailState(row);
}

/**
 * A person gives an address: it waits, unconfirmed, while a link goes to it (the row and the message in
 * one transaction); notices keep going to the confirmed one, if any. A new request replaces the link of
 * the previous one. Giving the confirmed address again just drops what was waiting. Besides the
 * account's own limit (the route's), an address receives at most `confirmationsPerAddressPerHour`
 * links an hour from all accounts: counted in this transaction, 429 RATE_LIMITED with Retry-After over
 * it (and then nothing changes). The e-mail greets the person by a name only when it is written as one
 * (an account from before the name rule may hold any text), and its one link is ours.
 */
export async function requestEmailChange(
  db: Db,
  userId: string,
  email: string,
  origin: string,
): Promise<EmailState> {
  return db.transaction(async (tx) => {
    const [same] = await tx
      .update(users)
      .set(noPending)
      .where(and(eq(users.id, userId), eq(users.email, email)))
      .returning(emailColumns);
    if (same) return toEmailState(same);
    await spendBudget(tx, `email:confirm:${mailboxOf(email)}`, confirmationsPerAddressPerHour, HOUR_MS);
    const token = randomBytes(32).toString('base64url');
    const [row] = await tx
      .update(users)
      .set({
        pendingEmail: email,
        emailTokenHash: hashOf(token),
        emailTokenExpiresAt: sql`now() + make_interval(hours => ${EMAIL_LINK_HOURS})`,
      })
      .where(eq(users.id, userId))
      .returning({ ...emailColumns, name: users.name });
    if (!row) throw new DomainError('NOT_FOUND');
    const link = new URL('/confirm-email', origin);
    link.searchParams.set('token', token);
    await enqueueMessage(tx, {
      channel: 'email',
      recipient: email,
      subject: t.confirmSubject,
      body: t.confirmBody(isPersonName(row.name) ? row.name : null, link.toString()),
    });
    return toEmailState(row);
  });
}

/**
 * The link's token makes the waiting address the confirmed one, in one guarded UPDATE: a link works
 * once and until it expires. An address another account confirmed meanwhile is 409 `EMAIL_IN_USE`.
 */
export async function confirmEmail(db: Db, token: string): Promise<{ email: string }> {
  let rows: { email: string | null }[];
  try {
    rows = await db
      .update(users)
      .set({ email: sql`${users.pendingEmail}`, ...noPending })
      .where(
        and(
          eq(users.emailTokenHash, hashOf(token)),
          gt(users.emailTokenExpiresAt, sql`now()`),
          isNotNull(users.pendingEmail),
        ),
      )
      .returning({ email: users.email });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new DomainError('EMAIL_IN_USE');
    throw error;
  }
  const email = rows[0]?.email;
  if (!email) throw new DomainError('EMAIL_LINK_INVALID');
  return { email };
}

/**
 * No address any more: no e-mail notices, and a waiting link stops working. A kind of notice that
 * preferred e-mail goes back to the automatic channel (issue 23), in the same transaction, the row locked.
 */
export async function removeEmail(db: Db, userId: string): Promise<EmailState> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ settings: users.notificationSettings })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!current) throw new DomainError('NOT_FOUND');
    const [row] = await tx
      .update(users)
      .set({
        email: null,
        ...noPending,
        ...(current.settings ? { notificationSettings: withoutEmailPreference(current.settings) } : {}),
      })
      .where(eq(users.id, userId))
      .returning(emailColumns);
    if (!row) throw new DomainError('NOT_FOUND');
    return toEmailState(row);
  });
}

/** Every kind that preferred e-mail goes back to automatic. */
const withoutEmailPreference = (stored: StoredNotificationSettings): NotificationSettings => {
  const s = storedNotificationSettings(stored);
  const automatic = (channels: NotificationChannels): NotificationChannels => ({
    ...channels,
    preferred: channels.preferred === 'email' ? null : channels.preferred,
  });
  return {
    offers: automatic(s.offers),
    visits: automatic(s.visits),
    announcements: automatic(s.announcements),
    contracts: automatic(s.contracts),
    news: automatic(s.news),
    favourites: automatic(s.favourites),
  };
};

/** The e-mail channel off for every kind (and so no longer preferred). */
const withoutEmail = (stored: StoredNotificationSettings): NotificationSettings => {
  const s = withoutEmailPreference(stored);
  const off = (channels: NotificationChannels) => ({ ...channels, email: false });
  return {
    offers: off(s.offers),
    visits: off(s.visits),
    announcements: off(s.announcements),
    contracts: off(s.contracts),
    news: off(s.news),
    favourites: off(s.favourites),
  };
};

/** A favourite's alerts off on every channel (their unsubscribe link, decision 037). */
const withoutFavourites = (stored: StoredNotificationSettings): NotificationSettings => ({
  ...storedNotificationSettings(stored),
  favourites: { email: false, sms: false, whatsapp: false, preferred: null },
});

/**
 * Every e-mail's unsubscribe link: the e-mail channel of every kind of notice goes off, without logging
 * in (the token only does this). The row is locked while its settings are rewritten.
 */
export async function unsubscribe(
  db: Db,
  token: string,
  kind: 'email' | 'favourites' = 'email',
): Promise<{ email: string | null }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: users.id, email: users.email, settings: users.notificationSettings })
      .from(users)
      .where(eq(users.unsubscribeToken, token))
      .for('update');
    if (!row) throw new DomainError('UNSUBSCRIBE_LINK_INVALID');
    await tx
      .update(users)
      .set({
        notificationSettings:
          kind === 'favourites'
            ? withoutFavourites(row.settings ?? defaultNotificationSettings)
            : withoutEmail(row.settings ?? defaultNotificationSettings),
      })
      .where(eq(users.id, row.id));
    return { email: row.email };
  });
}
