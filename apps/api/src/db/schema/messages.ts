import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { announcements } from './listings';
import { offers } from './offers';
import { users } from './users';

/**
 * The conversation of one offer (or visit request, which is an offer: decision 014) between the
 * announcement's owner and the candidate (issue 27 point 1, decision 038), made with its first message.
 * Each side's read mark is the last message id it has seen (read receipts and unread counts), and each
 * side's last notice says when it was last told of unread messages away from the product (at most one
 * notice per conversation and side per 15 minutes: a guarded UPDATE claims it).
 */
export const conversations = pgTable(
  'conversations',
  {
    offerId: uuid('offer_id')
      .primaryKey()
      .references(() => offers.id, { onDelete: 'cascade' }),
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    ownerReadId: bigint('owner_read_id', { mode: 'number' }).notNull().default(0),
    candidateReadId: bigint('candidate_read_id', { mode: 'number' }).notNull().default(0),
    ownerNoticedAt: timestamp('owner_noticed_at', { withTimezone: true }),
    candidateNoticedAt: timestamp('candidate_noticed_at', { withTimezone: true }),
    /** The last message id each side's last notice covered (a later unread one is news again). */
    ownerNoticedId: bigint('owner_noticed_id', { mode: 'number' }).notNull().default(0),
    candidateNoticedId: bigint('candidate_noticed_id', { mode: 'number' }).notNull().default(0),
    /** The first report not yet reviewed by an agent (null: none waiting). */
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversations_owner_idx').on(t.ownerId, t.lastMessageId),
    index('conversations_candidate_idx').on(t.candidateId, t.lastMessageId),
    index('conversations_reported_idx')
      .on(t.reportedAt)
      .where(sql`reported_at is not null`),
  ],
);

/** A text message of a conversation, stored as written (trimmed, NFC); masked when read (decision 038). */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => conversations.offerId, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_offer_idx').on(t.offerId, t.id),
    check('messages_body_length', sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
  ],
);

/** "Denunciar": a report of a conversation (message null) or of one message, once per reporter and thing. */
export const messageReports = pgTable(
  'message_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => conversations.offerId, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reasonCode: text('reason_code').notNull(),
    text: text('text'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_reports_once').on(t.reporterId, t.offerId, sql`coalesce(message_id, 0)`)],
);
