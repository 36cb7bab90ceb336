import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { parseCrontab } from 'graphile-worker';
import { AnnouncementStatus } from '@casaoferta/domain/codes';
import { createAnnouncement, createUser } from '../../db/factories';
import { announcements, outbox } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { crontabOf, scheduledJobs, startTimers, type ScheduledJob } from './jobs';
import type { OutageLogger } from '../../platform/outage-log';

/** A logger that keeps the messages of each level. */
const logInto = (errors: unknown[], warnings: unknown[] = [], infos: unknown[] = []): OutageLogger => ({
  error: (_object, message) => errors.push(message),
  warn: (_object, message) => warnings.push(message),
  info: (_object, message) => infos.push(message),
});
import { notifyPeriodEnding, PERIOD_NOTICE_DAYS } from './period-ending';
import { scheduledNotices } from './texts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;
const subject = scheduledNotices.periodEnding('', new Date()).subject;

/** A published announcement of a new owner ending `days` from now. */
async function endingIn(days: number, statusCode: string = AnnouncementStatus.Validated) {
  const owner = await createUser(t.database.db);
  const { announcement } = await createAnnouncement(t.database.db, owner.id, {
    statusCode,
    publishedAt: new Date(Date.now() - 20 * DAY),
    endsAt: new Date(Date.now() + days * DAY),
    customTitle: 'Ático con terraza en Chamberí',
  });
  return { owner, announcement };
}

const noticesTo = async (phoneNumber: string | null) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, phoneNumber ?? ''), eq(outbox.subject, subject)));

describe('the period-ending notice (issue 12, point 5)', () => {
  it(`tells the owner once, ${PERIOD_NOTICE_DAYS} days ahead, with the title and the day it ends`, async () => {
    const { owner, announcement } = await endingIn(2);
    const later = await endingIn(PERIOD_NOTICE_DAYS + 2);
    const closed = await endingIn(1, AnnouncementStatus.BiddingClosed);

    expect(await notifyPeriodEnding(t.database.db)).toBeGreaterThanOrEqual(1);
    const [notice, ...more] = await noticesTo(owner.phoneNumber);
    expect(more).toHaveLength(0);
    expect(notice?.body).toContain('«Ático con terraza en Chamberí»');
    expect(notice?.body).toContain('deja de recibir ofertas el');
    expect(notice?.status).toBe('queued');
    expect(await noticesTo(later.owner.phoneNumber)).toHaveLength(0);
    expect(await noticesTo(closed.owner.phoneNumber)).toHaveLength(0);

    // The next runs find nothing new for it.
    await notifyPeriodEnding(t.database.db);
    expect(await noticesTo(owner.phoneNumber)).toHaveLength(1);
    const [row] = await t.database.db
      .select({ notified: announcements.periodNoticeEndsAt, endsAt: announcements.endsAt })
      .from(announcements)
      .where(eq(announcements.id, announcement.id));
    expect(row?.notified).toEqual(row?.endsAt);
  });

  it('tells the owner again after the period is extended, near the new end', async () => {
    const { owner, announcement } = await endingIn(1);
    await notifyPeriodEnding(t.database.db);
    await t.database.db
      .update(announcements)
      .set({ endsAt: new Date(Date.now() + 2.5 * DAY) })
      .where(eq(announcements.id, announcement.id));
    await notifyPeriodEnding(t.database.db);
    expect(await noticesTo(owner.phoneNumber)).toHaveLength(2);
  });

  it('leaves announcements whose period is already over to the expiry job', async () => {
    const { owner } = await endingIn(-1);
    await notifyPeriodEnding(t.database.db);
    expect(await noticesTo(owner.phoneNumber)).toHaveLength(0);
  });

  it('tells each owner once when many runs race (one guarded UPDATE marks what it tells)', async () => {
    const owners = await Promise.all([endingIn(1), endingIn(2), endingIn(0.5)]);
    const runs = await Promise.all(Array.from({ length: 12 }, () => notifyPeriodEnding(t.database.db)));
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(owners.length);
    const rows = await t.database.db
      .select({ recipient: outbox.recipient })
      .from(outbox)
      .where(
        and(
          eq(outbox.subject, subject),
          inArray(
            outbox.recipient,
            owners.map((o) => o.owner.phoneNumber ?? ''),
          ),
        ),
      );
    expect(rows.map((r) => r.recipient).sort()).toEqual(owners.map((o) => o.owner.phoneNumber).sort());
  });
});

describe('scheduled jobs', () => {
  it('form a crontab graphile-worker accepts, one line a job', () => {
    const parsed = parseCrontab(crontabOf(scheduledJobs));
    expect(parsed.map((item) => item.task)).toEqual(scheduledJobs.map((job) => job.name));
  });

  it('run on PGlite right after start, one run of a job at a time, and stop waits for the run in hand', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const job: ScheduledJob = {
      name: 'slow',
      cron: '* * * * *',
      intervalMs: 5,
      run: () =>
        new Promise<number>((resolve) => {
          runs += 1;
          release = () => resolve(1);
        }),
    };
    const errors: unknown[] = [];
    const timers = startTimers(t.database.db, [job], logInto(errors));
    await expect.poll(() => runs, { timeout: 5_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = timers.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(errors).toEqual([]);
  });

  it('report a failing run and keep running', async () => {
    let runs = 0;
    const errors: string[] = [];
    const warnings: string[] = [];
    const timers = startTimers(
      t.database.db,
      [
        {
          name: 'failing',
          cron: '* * * * *',
          intervalMs: 10,
          run: () => {
            runs += 1;
            return Promise.reject(new Error('boom'));
          },
        },
      ],
      logInto(errors, warnings),
    );
    await expect.poll(() => runs, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await timers.stop();
    expect(errors[0]).toBe('scheduled job failing: failed');
    expect(warnings).toEqual([]);
  });

  it('log a database outage once, however many runs fail, and once that they resumed', async () => {
    let runs = 0;
    let down = true;
    const errors: string[] = [];
    const warnings: string[] = [];
    const infos: string[] = [];
    const timers = startTimers(
      t.database.db,
      [
        {
          name: 'outage',
          cron: '* * * * *',
          intervalMs: 10,
          run: () => {
            runs += 1;
            if (!down) return Promise.resolve(0);
            return Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
          },
        },
      ],
      logInto(errors, warnings, infos),
    );
    await expect.poll(() => runs, { timeout: 5_000 }).toBeGreaterThanOrEqual(5);
    down = false;
    const resumedAt = runs;
    await expect.poll(() => runs, { timeout: 5_000 }).toBeGreaterThanOrEqual(resumedAt + 2);
    await timers.stop();
    expect(errors).toEqual([]);
    expect(warnings).toEqual(['scheduled job outage: database unavailable, retrying with back-off']);
    expect(infos).toEqual(['scheduled job outage: database available again, resumed']);
  });
});
