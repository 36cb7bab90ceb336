import type { Task } from 'graphile-worker';
import { REQUEST_ID_SETTING } from '../../platform/outbox';
import { saneRequestId, withRequestId } from '../../platform/request-context';

/**
 * The request id in a delivery job (decision 034): the outbox's job trigger copies the transaction's
 * REQUEST_ID_SETTING (set by enqueueMessage) into the job's payload as `requestId`, and the task runs in
 * that id's context, so its log lines and the jobs it adds carry it.
 */

/** The SQL of the job's payload in the outbox trigger: the message's id, and the request's when set. */
export const jobPayloadSql = (row: string) =>
  `jsonb_strip_nulls(jsonb_build_object('id', ${row}.id, 'requestId', ` +
  `nullif(current_setting('${REQUEST_ID_SETTING}', true), '')))::json`;

const requestIdOfPayload = (payload: unknown): string | null =>
  typeof payload === 'object' && payload !== null && 'requestId' in payload
    ? saneRequestId(payload.requestId)
    : null;

/** `task` run in the context of the request id its payload carries. */
export const withJobRequestId =
  (task: Task): Task =>
  (payload, helpers) =>
    withRequestId(requestIdOfPayload(payload), () => task(payload, helpers));
