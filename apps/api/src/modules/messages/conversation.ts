import { and, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { firstNameOnly, maskContactDetails, messageText } from '@casaoferta/domain/rules/message-text';
import { isUnlocked } from '@casaoferta/domain/rules/paid-unlock';
import type {
  Conversation,
  ConversationRole,
  Message,
  MessageInput,
  ReportInput,
  UnreadCounts,
} from '@casaoferta/domain/schemas/messages';
import type { Db } from '../../db/client';
import { announcements, conversations, messageReports, messages, offers, users } from '../../db/schema/index';
import { DomainError, RateLimitedError } from '../../platform/errors';
import { countRequest } from '../../platform/rate-limit-store';
import { transactionWithRetry } from '../../platform/transactions';
import { announcementTitle } from '../offers/views';

/**
 * The conversation of an offer between the announcement's owner and the candidate (issue 27 point 1,
 * decision 038). Only those two take part; anyone else gets 404. What the paid-unlock rule hides
 * (decision 026) is hidden here when read: names are first names and phones, e-mail addresses, links and
 * surnames in the texts are masked until the announcement is paid, for both readers.
 */

/** The channel of the conversations' live notices (one LISTEN per process, like offers': decision 015). */
export const MESSAGE_CHANNEL = 'message_events';

export interface MessageNotice {
  offerId: string;
  kind: 'message' | 'read';
  /** Who sent the message, or who read. */
  userId: string;
  /** The message sent, or the last one read. */
  messageId: number;
}

/** Messages one person may send: per minute, and per day (counted on PostgreSQL across processes). */
export const MESSAGE_BUDGETS = [
  { key: 'minute', max: 20, windowMs: 60_000 },
  { key: 'day', max: 500, windowMs: 24 * 60 * 60_000 },
] as const;

/** Messages a page of the conversation holds (older ones with `before`). */
export const MESSAGE_PAGE = 100;

const ownerUser = alias(users, 'owner_user');
const candidateUser = alias(users, 'candidate_user');

export interface Participants {
  offerId: string;
  announcementId: string;
  propertyId: string;
  title: string;
  isVisitRequest: boolean;
  isPaid: boolean;
  ownerId: string;
  candidateId: string;
  owner: { name: string; surname: string; isBlocked: boolean };
  candidate: { name: string; surname: string; isBlocked: boolean };
}

/** The offer's parties when `userId` is one of them (null: not theirs, or no such offer: 404). */
export async function participantsOf(
  db: Db,
  offerId: string,
  userId: string | null,
): Promise<Participants | null> {
  const [row] = await db
    .select({
      offerId: offers.id,
      isVisitRequest: offers.isVisitRequest,
      candidateId: offers.candidateId,
      announcement: announcements,
      owner: { name: ownerUser.name, surname: ownerUser.surname, isBlocked: ownerUser.isBlocked },
      candidate: {
        name: candidateUser.name,
        surname: candidateUser.surname,
        isBlocked: candidateUser.isBlocked,
      },
    })
    .from(offers)
    .innerJoin(announcements, eq(announcements.id, offers.announcementId))
    .innerJoin(ownerUser, eq(ownerUser.id, announcements.ownerId))
    .innerJoin(candidateUser, eq(candidateUser.id, offers.candidateId))
    .where(
      and(
        eq(offers.id, offerId),
        userId === null ? undefined : or(eq(offers.candidateId, userId), eq(announcements.ownerId, userId)),
      ),
    );
  if (!row) return null;
  return {
    offerId: row.offerId,
    announcementId: row.announcement.id,
    propertyId: row.announcement.propertyId,
    title: announcementTitle(row.announcement),
    isVisitRequest: row.isVisitRequest,
    isPaid: isUnlocked(row.announcement),
    ownerId: row.announcement.ownerId,
    candidateId: row.candidateId,
    owner: row.owner,
    candidate: row.candidate,
  };
}

async function requireParticipants(db: Db, offerId: string, userId: string): Promise<Participants> {
  const found = await participantsOf(db, offerId, userId);
  if (!found) throw new DomainError('NOT_FOUND');
  return found;
}

const roleOf = (p: Participants, userId: string): ConversationRole =>
  p.candidateId === userId ? 'candidate' : 'owner';

/** A message's text as `p`'s parties read it: masked until paid (decision 038). */
export function readableText(p: Participants, text: string): { text: string; masked: boolean } {
  if (p.isPaid) return { text, masked: false };
  const masked = maskContactDetails(text, [p.owner.surname, p.candidate.surname]);
  return { text: masked, masked: masked !== text };
}

const iso = (date: Date): string => date.toISOString();

/** GET /api/offer/{id}/conversation: the last page of messages (or those before `before`). */
export async function readConversation(
  db: Db,
  userId: string,
  offerId: string,
  before?: number,
): Promise<Conversation> {
  const p = await requireParticipants(db, offerId, userId);
  const role = roleOf(p, userId);
  const [state] = await db.select().from(conversations).where(eq(conversations.offerId, offerId));
  const rows = state
    ? await db
        .select()
        .from(messages)
        .where(and(eq(messages.offerId, offerId), before ? lt(messages.id, before) : undefined))
        .orderBy(desc(messages.id))
        .limit(MESSAGE_PAGE + 1)
    : [];
  const hasOlder = rows.length > MESSAGE_PAGE;
  const page = rows.slice(0, MESSAGE_PAGE).reverse();
  const myRead = state ? (role === 'owner' ? state.ownerReadId : state.candidateReadId) : 0;
  const theirRead = state ? (role === 'owner' ? state.candidateReadId : state.ownerReadId) : 0;
  const unread = state
    ? ((
        await db
          .select({ count: sql<number>`count(*)::int` })
          .from(messages)
          .where(
            and(
              eq(messages.offerId, offerId),
              gt(messages.id, myRead),
              sql`${messages.senderId} <> ${userId}`,
            ),
          )
      )[0]?.count ?? 0)
    : 0;
  const other = role === 'owner' ? p.candidate : p.owner;
  return {
    offerId,
    announcementId: p.announcementId,
    propertyId: p.propertyId,
    announcementTitle: p.title,
    isVisitRequest: p.isVisitRequest,
    role,
    otherName: p.isPaid ? `${other.name} ${other.surname}`.trim() : firstNameOnly(other.name),
    unlocked: p.isPaid,
    canWrite: !other.isBlocked,
    messages: page.map((m): Message => {
      const mine = m.senderId === userId;
      return {
        id: m.id,
        mine,
        ...readableText(p, m.body),
        createdAt: iso(m.createdAt),
        seen: mine && m.id <= theirRead,
      };
    }),
    unread,
    hasOlder,
  };
}

async function notice(tx: Db, payload: MessageNotice): Promise<void> {
  await tx.execute(sql`select pg_notify(${MESSAGE_CHANNEL}, ${JSON.stringify(payload)})`);
}

/** Spends one message of `userId`'s budgets inside the transaction: a refusal rolls the count back. */
async function spendMessageBudget(tx: Db, userId: string): Promise<void> {
  for (const budget of MESSAGE_BUDGETS) {
    const { current, ttl } = await countRequest(tx, `messages:${budget.key}:${userId}`, budget.windowMs);
    if (current > budget.max)
      throw new RateLimitedError(Math.max(1, Math.ceil(ttl / 1000)), 'MESSAGES_TOO_FAST');
  }
}

/**
 * POST /api/offer/{id}/messages. The text's rules first (400, nothing stored); then, in one transaction,
 * the sender's budget, the conversation made if it was not, and the message inserted by one statement
 * that also checks that neither party is blocked (409 `CONVERSATION_CLOSED`), whatever happens between
 * reads. The client's id makes a retry answer the stored message (`created: false`).
 */
export async function sendMessage(
  db: Db,
  userId: string,
  offerId: string,
  input: MessageInput,
): Promise<{ message: Message; created: boolean }> {
  const checked = messageText(input.text);
  if ('problem' in checked) throw new DomainError(checked.problem, 'text');
  const text = checked.text;
  const p = await requireParticipants(db, offerId, userId);

  return transactionWithRetry(db, async (tx) => {
    const [existing] = await tx.select().from(messages).where(eq(messages.clientId, input.id));
    if (existing) {
      if (existing.senderId !== userId || existing.offerId !== offerId || existing.body !== text) {
        throw new DomainError('MESSAGE_ID_REUSED');
      }
      return { message: toMine(p, existing), created: false };
    }
    await spendMessageBudget(tx, userId);
    await tx
      .insert(conversations)
      .values({ offerId, announcementId: p.announcementId, ownerId: p.ownerId, candidateId: p.candidateId })
      .onConflictDoNothing();
    const inserted = (await tx.execute(sql`
      insert into messages (client_id, offer_id, sender_id, body)
      select ${input.id}, ${offerId}, ${userId}, ${text}
      from users sender, users other
      where sender.id = ${userId}
        and other.id = ${userId === p.ownerId ? p.candidateId : p.ownerId}
        and not sender.is_blocked and not other.is_blocked
      on conflict (client_id) do nothing
      returning id, created_at
    `)) as unknown as { rows: { id: number | string; created_at: Date | string }[] };
    const row = inserted.rows[0];
    if (!row) {
      // A retry racing its first attempt lost the unique index: answer like a retry.
      const [raced] = await tx.select().from(messages).where(eq(messages.clientId, input.id));
      if (raced && raced.senderId === userId && raced.offerId === offerId && raced.body === text) {
        return { message: toMine(p, raced), created: false };
      }
      if (raced) throw new DomainError('MESSAGE_ID_REUSED');
      throw new DomainError('CONVERSATION_CLOSED');
    }
    const id = Number(row.id);
    const senderRead = userId === p.ownerId ? conversations.ownerReadId : conversations.candidateReadId;
    await tx
      .update(conversations)
      .set({
        lastMessageId: sql`greatest(coalesce(${conversations.lastMessageId}, 0), ${id})`,
        // Writing is reading: what came before this reply has been seen.
        [userId === p.ownerId ? 'ownerReadId' : 'candidateReadId']: sql`greatest(${senderRead}, ${id})`,
      })
      .where(eq(conversations.offerId, offerId));
    await notice(tx, { offerId, kind: 'message', userId, messageId: id });
    const createdAt = row.created_at instanceof Date ? row.created_at : new Date(row.created_at);
    return {
      message: { id, mine: true, ...readableText(p, text), createdAt: iso(createdAt), seen: false },
      created: true,
    };
  });
}

function toMine(p: Participants, row: typeof messages.$inferSelect): Message {
  return { id: row.id, mine: true, ...readableText(p, row.body), createdAt: iso(row.createdAt), seen: false };
}

/**
 * PUT /api/offer/{id}/conversation/read: the caller has read up to `lastMessageId` (never backwards: a
 * guarded `greatest`; never past the last message). The other side hears it live ("Visto").
 */
export async function markRead(
  db: Db,
  userId: string,
  offerId: string,
  lastMessageId: number,
): Promise<{ lastReadId: number }> {
  const p = await requireParticipants(db, offerId, userId);
  const owner = userId === p.ownerId;
  const column = owner ? conversations.ownerReadId : conversations.candidateReadId;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(conversations)
      .set({
        [owner ? 'ownerReadId' : 'candidateReadId']:
          sql`greatest(${column}, least(${lastMessageId}, coalesce(${conversations.lastMessageId}, 0)))`,
      })
      .where(eq(conversations.offerId, offerId))
      .returning({ lastReadId: column });
    const lastReadId = row?.lastReadId ?? 0;
    if (lastReadId > 0) await notice(tx, { offerId, kind: 'read', userId, messageId: lastReadId });
    return { lastReadId };
  });
}

/**
 * POST /api/offer/{id}/conversation/report: "Denunciar" the conversation, or one message the other side
 * wrote. Once per reporter and thing (a unique index: a second report answers like the first). The
 * conversation joins the agents' list until reviewed.
 */
export async function reportConversation(
  db: Db,
  userId: string,
  offerId: string,
  input: ReportInput,
): Promise<void> {
  const p = await requireParticipants(db, offerId, userId);
  await db.transaction(async (tx) => {
    // A conversation may be reported before anyone wrote (what the offer itself says): it is made now.
    await tx
      .insert(conversations)
      .values({ offerId, announcementId: p.announcementId, ownerId: p.ownerId, candidateId: p.candidateId })
      .onConflictDoNothing();
    if (input.messageId !== undefined) {
      const [target] = await tx
        .select({ senderId: messages.senderId })
        .from(messages)
        .where(and(eq(messages.id, input.messageId), eq(messages.offerId, offerId)));
      if (!target || target.senderId === userId) throw new DomainError('NOT_FOUND', 'messageId');
    }
    await tx
      .insert(messageReports)
      .values({
        offerId,
        reporterId: userId,
        messageId: input.messageId ?? null,
        reasonCode: input.reason,
        text: input.text ? input.text.normalize('NFC') : null,
      })
      .onConflictDoNothing();
    await tx
      .update(conversations)
      .set({ reportedAt: sql`coalesce(${conversations.reportedAt}, now())` })
      .where(eq(conversations.offerId, offerId));
  });
}

/** GET /api/messages/unread: unread messages of the other side, per conversation of the caller. */
export async function unreadCounts(db: Db, userId: string): Promise<UnreadCounts> {
  const result = (await db.execute(sql`
    select c.offer_id as "offerId", count(m.id)::int as unread,
           case when c.owner_id = ${userId} then 'owner' else 'candidate' end as role
      from conversations c
      join messages m
        on m.offer_id = c.offer_id
       and m.sender_id <> ${userId}
       and m.id > case when c.owner_id = ${userId} then c.owner_read_id else c.candidate_read_id end
     where (c.owner_id = ${userId} and c.last_message_id > c.owner_read_id)
        or (c.candidate_id = ${userId} and c.last_message_id > c.candidate_read_id)
     group by c.offer_id, c.owner_id
     order by c.offer_id
  `)) as unknown as { rows: { offerId: string; unread: number; role: ConversationRole }[] };
  const offers = result.rows.map((row) => ({
    offerId: row.offerId,
    role: row.role,
    unread: Number(row.unread),
  }));
  const sum = (role?: ConversationRole) =>
    offers.filter((row) => !role || row.role === role).reduce((total, row) => total + row.unread, 0);
  return { total: sum(), asOwner: sum('owner'), asCandidate: sum('candidate'), offers };
}
