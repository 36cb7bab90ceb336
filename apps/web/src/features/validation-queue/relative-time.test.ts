import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time';

const now = Date.parse('2026-11-23T12:00:00.000Z');
const before = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('timeAgo', () => {
  it.each([
    [10, 'hace un momento'],
    [-30, 'hace un momento'],
    [5 * 60, 'hace 5 minutos'],
    [3600, 'hace 1 hora'],
    [47 * 3600, 'hace 1 día'],
    [3 * 86400, 'hace 3 días'],
    [15 * 86400, 'hace 2 semanas'],
    [65 * 86400, 'hace 2 meses'],
    [800 * 86400, 'hace 2 años'],
  ])('%i s ago is «%s»', (seconds, text) => {
    expect(timeAgo(before(seconds), now)).toBe(text);
  });
});
