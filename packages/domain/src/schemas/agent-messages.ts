import { z } from 'zod';

/**
 * GET /api/agents/messages: what the delivery did with each message (issue 12: a message that failed is
 * visible to agents, with its error). The text itself is never shown: it may carry a login code.
 */
export const messageStatuses = ['queued', 'sending', 'sent', 'failed'] as const;
export const messageChannels = ['sms', 'email', 'whatsapp'] as const;

export const agentMessagesQuery = z.object({
  status: z.enum(messageStatuses).default('failed'),
  channel: z.enum(messageChannels).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AgentMessagesQuery = z.input<typeof agentMessagesQuery>;

export const agentMessage = z.object({
  id: z.uuid(),
  channel: z.enum(messageChannels),
  recipient: z.string(),
  subject: z.string().nullable(),
  status: z.enum(messageStatuses),
  attempts: z.number().int(),
  provider: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  nextAttemptAt: z.iso.datetime(),
});
export type AgentMessage = z.infer<typeof agentMessage>;

export const agentMessagesResponse = z.object({
  items: z.array(agentMessage),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AgentMessagesPage = z.infer<typeof agentMessagesResponse>;
