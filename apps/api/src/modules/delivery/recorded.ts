import { requestIdOfMessage, type Channel } from '../../platform/outbox';
import { currentRequestId } from '../../platform/request-context';

/**
 * The results the delivery worker records (decision 034): each recorded attempt is told to the listeners
 * (app.ts: the delivery's log line with its request id, and the metrics), with the id of the request
 * that queued the message: the job's (its payload, queue.ts), else this process's memory of it.
 */
export interface RecordedDelivery {
  messageId: string;
  channel: Channel;
  /** `queued`: a temporary failure, tried again later. */
  status: 'sent' | 'queued' | 'failed';
  provider: string;
  attempt: number;
  requestId: string | null;
  /** Why it failed, or will be tried again (an attachment gone, a refused address). */
  error?: string;
}

type Listener = (delivery: RecordedDelivery) => void;

const listeners = new Set<Listener>();

/** Listens until the returned function is called. */
export function onDeliveryRecorded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by deliverClaimed once a result is recorded under its claim. A listener's throw is ignored. */
export function deliveryRecorded(
  message: { id: string; channel: Channel; attempt: number },
  outcome: { status: RecordedDelivery['status']; provider: string; error?: string },
): void {
  const done = outcome.status !== 'queued';
  const delivery: RecordedDelivery = {
    messageId: message.id,
    channel: message.channel,
    status: outcome.status,
    provider: outcome.provider,
    attempt: message.attempt,
    requestId: currentRequestId() ?? requestIdOfMessage(message.id, done),
    ...(outcome.status !== 'sent' && outcome.error ? { error: outcome.error } : {}),
  };
  for (const listener of listeners) {
    try {
      listener(delivery);
    } catch {
      // A log line or a counter must not fail a delivery.
    }
  }
}
