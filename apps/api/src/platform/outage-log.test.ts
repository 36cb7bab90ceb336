import { describe, expect, it } from 'vitest';
import { outageLog, type OutageLogger } from './outage-log';

const lines = () => {
  const logged: string[] = [];
  const logger: OutageLogger = {
    error: (_object, message) => logged.push(`error ${message}`),
    warn: (_object, message) => logged.push(`warn ${message}`),
    info: (_object, message) => logged.push(`info ${message}`),
  };
  return { logged, logger };
};
const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('outageLog', () => {
  it('logs an outage once however many attempts fail, and once that the loop resumed', () => {
    const { logged, logger } = lines();
    const outage = outageLog(logger, 'delivery');
    for (let i = 0; i < 50; i += 1) expect(outage.failed(refused())).toBe(true);
    expect(outage.down).toBe(true);
    outage.succeeded();
    outage.succeeded();
    expect(outage.down).toBe(false);
    expect(logged).toEqual([
      'warn delivery: database unavailable, retrying with back-off',
      'info delivery: database available again, resumed',
    ]);
    // A second outage is logged again.
    outage.failed(refused());
    expect(logged).toHaveLength(3);
  });

  it('logs every other failure as an error, which is not an outage', () => {
    const { logged, logger } = lines();
    const outage = outageLog(logger, 'jobs');
    expect(outage.failed(new Error('boom'))).toBe(false);
    expect(outage.failed(new Error('boom'))).toBe(false);
    expect(outage.down).toBe(false);
    expect(logged).toEqual(['error jobs: failed', 'error jobs: failed']);
  });

  it('backs off while the outage lasts, up to the ceiling, and back to the base after', () => {
    const outage = outageLog(lines().logger, 'poller');
    expect(outage.delayMs(1_000)).toBe(1_000);
    const delays = Array.from({ length: 6 }, () => {
      outage.failed(refused());
      return outage.delayMs(1_000);
    });
    expect(delays).toEqual([2_000, 4_000, 8_000, 10_000, 10_000, 10_000]);
    outage.succeeded();
    expect(outage.delayMs(1_000)).toBe(1_000);
  });
});
