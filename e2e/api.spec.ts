import { test, expect } from './fixtures';

test('the production server answers /api/masters and keeps unknown /api paths in the error envelope', async ({
  request,
}) => {
  const masters = await request.get('/api/masters');
  expect(masters.status()).toBe(200);
  const body = await masters.json();
  expect(body.data.propertyAttributes.provinces).toHaveLength(52);
  const missing = await request.get('/api/nope');
  expect(missing.status()).toBe(404);
  expect((await missing.json()).errors[0].code).toBe('ROUTE_NOT_FOUND');
});
