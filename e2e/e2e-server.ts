import { randomBytes } from 'node:crypto';
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

// The local start's secrets for this run, made once by the runner and inherited by its workers through the
// environment: the development outbox's token (the server's DEV_TOOLS_TOKEN) and the demo agent's password
// (the launcher sets it, as a local start prints a new one; decision 027).
process.env.E2E_DEV_TOOLS_TOKEN ??= randomBytes(24).toString('base64url');
process.env.E2E_AGENT_PASSWORD ??= randomBytes(12).toString('base64url');
export const e2eDevToolsToken: string = process.env.E2E_DEV_TOOLS_TOKEN;
export const e2eAgentPassword: string = process.env.E2E_AGENT_PASSWORD;
