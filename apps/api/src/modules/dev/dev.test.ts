import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

let dev: TestApp;
let prod: TestApp;
beforeAll(async () => {
  [dev, prod] = await Promise.all([createTestApp(), createTestApp({}, { NODE_ENV: 'production' })]);
});
afterAll(async () => {
  await Promise.all([dev.close(), prod.close()]);
});

describe('GET /api/dev/outbox', () => {
  it('shows the stored messages outside production, newest first', async () => {
    await dev.app.inject({
      method: 'POST',
      url: '/api/authentication/users/generate-otp-code',
      payload: { phoneNumber: '+34611222333' },
    });
    const res = await dev.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ channel: 'sms', recipient: '+34611222333' });
    expect(res.json().data[0].body).toMatch(/\d{6}/);
  });

  it('does not exist in production', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
  });
});
