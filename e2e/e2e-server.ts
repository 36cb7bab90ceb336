import path from 'node:path';

/**
 * Where the e2e server lives: its port, its data dir and the Unix socket its launcher (e2e/server.ts)
 * hands sessions out on. Shared by playwright.config.ts and the fixtures; imports nothing of the API.
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 18461);
export const e2eDataDir = path.resolve(import.meta.dirname, '..', `.data-e2e-${e2ePort}`);
export const e2eSessionSocket = path.join(e2eDataDir, 'sessions.sock');

/** What the launcher's socket takes: a user by phone (created when a name is given) or an agent by e-mail. */
export type SessionRequest = { phoneNumber: string; name?: string } | { email: string };
