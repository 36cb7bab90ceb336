import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import { Permission } from '@casaoferta/domain/permissions';
import {
  announcementPayments,
  createPaymentInput,
  myPayments as myPaymentsSchema,
  notificationReceipt,
  refundInput,
  refundResult,
  payment,
  paymentLinkInput,
  paymentLinkSent,
  paymentStatus,
  paymentSummary,
  tokenizeCardInput,
  tokenizedCard,
} from '@casaoferta/domain/schemas/payments';
import { access } from '../../platform/access';
import { requireAgent, requireUser } from '../../platform/auth';
import { DomainError } from '../../platform/errors';
import { NotificationRefused } from '../../platform/payments/provider';
import {
  createPayment,
  describeCard,
  handleNotification,
  onePayment,
  paymentStatusOf,
  paymentSummary as summaryOf,
  type PaymentContext,
} from './service';
import { sendPaymentLink } from './payment-link';
import { attachmentDisposition } from '../documents/routes';
import { invoicePdf } from './invoice-pdf';
import { announcementPayments as paymentsOfAnnouncement, myPayments } from './my-payments';
import { refundPayment } from './refunds';
import { unlockRoutes } from './unlock-routes';

const tags = ['payments'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });
const paymentParams = z.object({ id: z.uuid(), paymentId: z.uuid() });
const notYours = '404 when the announcement is not the caller’s.';

/**
 * Card attempts per person per hour, on the payment and on tokenize-card: a person pays a few times at
 * most; many attempts are someone testing cards through us.
 */
export const CARD_ATTEMPTS_PER_HOUR = 60;
const perPerson = {
  max: CARD_ATTEMPTS_PER_HOUR,
  timeWindow: 3600_000,
  keyGenerator: (request: FastifyRequest) => request.auth?.user.id ?? request.ip,
};

/**
 * Payment per announcement (issue 13): the summary of what is bought, the card's token described, the
 * payment (idempotent by its client-made id), its status while in process, and the provider's
 * notifications. docs/decisions/021-payments.md.
 */
export function paymentRoutes(ctx: PaymentContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    await app.register(unlockRoutes(ctx));

    app.get(
      '/api/announcement/:id/payment',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'What paying my announcement costs and unlocks, and where its payment stands',
          description:
            'The price of the announcement’s kind (configured, VAT included) with its base and 21 % VAT, ' +
            'whether it is paid (and whether an agent marked it so), the latest payment, and the provider ' +
            `the card form must tokenise with (Stripe’s publishable key when stripe). ${notYours}`,
          security,
          params: idParams,
          response: { 200: envelope(paymentSummary) },
        },
      },
      async (request) => ({ data: await summaryOf(ctx, requireUser(request).user.id, request.params.id) }),
    );

    app.post(
      '/api/payment/tokenize-card',
      {
        config: { access: access.user, rateLimit: perPerson },
        schema: {
          tags,
          summary: 'Describe a card the browser tokenised with the provider',
          description:
            'The body carries only the provider’s token (a sandbox `tok_sandbox_…` or a Stripe ' +
            'PaymentMethod `pm_…`), never the card number. Answers its brand and last four digits; 422 ' +
            '`CARD_TOKEN_INVALID` when the provider does not know it.',
          security,
          body: tokenizeCardInput,
          response: { 200: envelope(tokenizedCard) },
        },
      },
      async (request) => ({ data: await describeCard(ctx.provider, request.body.token) }),
    );

    app.post(
      '/api/announcement/:id/payment',
      {
        config: { access: access.owner, rateLimit: perPerson },
        schema: {
          tags,
          summary: 'Pay my announcement with a tokenised card',
          description:
            'With a redirect provider (Redsys) the body carries `method` (`card` or `bizum`) instead of a ' +
            'token, and the answer is PAY001 with `nextAction` `redirect`: the signed form the browser posts ' +
            'to the gateway (the payment settles with the gateway’s notification). `billing` (NIF, name, ' +
            'fiscal address) asks for a complete invoice; without it the invoice is simplified (422 ' +
            '`NIF_INVALID`, `BILLING_NAME_REQUIRED`, `BILLING_ADDRESS_REQUIRED`; 422 ' +
            '`PAYMENT_METHOD_UNAVAILABLE` for Bizum without Redsys). ' +
            'The `id` is made by the client (one per attempt) and is the provider’s idempotency key: the ' +
            'same id again answers the same payment and never charges twice. 200 with the payment in ' +
            'any outcome: PAY002 succeeded (the announcement is paid), PAY001 in process (follow ' +
            '`/payment/status`; with `nextAction` `stripe_3ds` and the PaymentIntent’s client secret when ' +
            'the bank asks for 3-D Secure, which the browser completes with Stripe.js), PAY003 failed with `failureCode` and the provider’s reason in Spanish ' +
            '(`failureMessage`). 409 `ALREADY_PAID`, 409 `PAYMENT_IN_PROGRESS` when another payment is ' +
            'live, 409 `PAYMENT_ID_REUSED` for an id of another payment, 422 `CARD_TOKEN_INVALID`. ' +
            notYours,
          security,
          params: idParams,
          body: createPaymentInput,
          response: { 200: envelope(payment) },
        },
      },
      async (request) => ({
        data: await createPayment(ctx, requireUser(request).user.id, request.params.id, request.body),
      }),
    );

    app.get(
      '/api/announcement/:id/payment/status',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'Whether my announcement is paid, and its latest payment',
          description:
            'A payment in process is asked about to the provider first, and its outcome stored: the ' +
            'waiting page polls this until the payment is final. A payment still waiting for 3-D Secure ' +
            `carries its \`nextAction\` (asked of Stripe now, never stored). ${notYours}`,
          security,
          params: idParams,
          response: { 200: envelope(paymentStatus) },
        },
      },
      async (request) => ({
        data: await paymentStatusOf(ctx, requireUser(request).user.id, request.params.id),
      }),
    );

    app.get(
      '/api/announcement/:id/payment/:paymentId',
      {
        // The world of the access matrix has no payments: A's own call names one nobody has.
        config: { access: access.owner, matrix: { ownerA: 404, agentAsA: 404 } },
        schema: {
          tags,
          summary: 'One payment of my announcement',
          description: `Refreshed from the provider while in process. 404 when the payment is not of this announcement; ${notYours}`,
          security,
          params: paymentParams,
          response: { 200: envelope(payment) },
        },
      },
      async (request) => ({
        data: await onePayment(
          ctx,
          requireUser(request).user.id,
          request.params.id,
          request.params.paymentId,
        ),
      }),
    );

    app.post(
      '/api/crm/whatsapp/agent/payment-announcement',
      {
        config: { access: access.agent(Permission.SendPaymentLinks) },
        schema: {
          tags,
          summary: 'Send the owner, by WhatsApp, the link to pay their announcement',
          description:
            'The link opens the payment summary. 404 when the announcement is not `userId`’s, 409 ' +
            '`ALREADY_PAID` once paid, 409 `OWNER_NO_PHONE` when the owner has no phone.',
          security,
          body: paymentLinkInput,
          response: { 200: envelope(paymentLinkSent) },
        },
      },
      async (request) => {
        requireAgent(request, Permission.SendPaymentLinks);
        const origin = ctx.publicUrl;
        return { data: await sendPaymentLink(ctx.db, request.body, origin) };
      },
    );

    app.get(
      '/api/payments',
      {
        config: { access: access.user },
        schema: {
          tags,
          summary: 'My payments, with their invoices and refunds ("Mis pagos")',
          description:
            'The caller’s payments, newest first (at most 100), each with its announcement, its invoices ' +
            '(F when paid, R rectifying after a refund: download at `/api/invoice/{id}/pdf`) and its refund.',
          security,
          response: { 200: envelope(myPaymentsSchema) },
        },
      },
      async (request) => ({ data: await myPayments(ctx.db, requireUser(request).user.id) }),
    );

    app.get(
      '/api/invoice/:id/pdf',
      {
        // The world of the access matrix has no invoices: A's own call names one nobody has.
        config: { access: access.owner, matrix: { ownerA: 404, agentAsA: 404 } },
        schema: {
          tags,
          summary: 'One of my invoices as a PDF',
          description:
            '`application/pdf` as an attachment `factura-<code>.pdf`, never cached. 404 when the invoice ' +
            'is not the caller’s.',
          security,
          params: idParams,
        },
      },
      async (request, reply) => {
        const { bytes, code } = await invoicePdf(ctx.db, requireUser(request).user.id, request.params.id);
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', attachmentDisposition(`factura-${code}.pdf`))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'no-store')
          .send(Buffer.from(bytes));
      },
    );

    app.get(
      '/api/agents/announcement/:id/payments',
      {
        config: { access: access.agent(Permission.RefundPayments) },
        schema: {
          tags,
          summary: 'An announcement’s payments, for an agent deciding a refund',
          description: 'Newest first; an empty list for an announcement without payments.',
          security,
          params: idParams,
          response: { 200: envelope(announcementPayments) },
        },
      },
      async (request) => {
        requireAgent(request, Permission.RefundPayments);
        return { data: await paymentsOfAnnouncement(ctx.db, request.params.id) };
      },
    );

    app.post(
      '/api/agents/payment/:id/refund',
      {
        config: { access: access.agent(Permission.RefundPayments) },
        schema: {
          tags,
          summary: 'Give a payment back through its provider, with the reason',
          description:
            'A whole refund of a succeeded payment (Stripe refund, Redsys refund operation, the sandbox), ' +
            'by an agent with `payments.refund`. On success the payment is PAY004, the announcement is ' +
            'locked again (amounts and contacts hidden until paid), a rectifying invoice (series R) is ' +
            'issued and the owner told. 422 `REFUND_REASON_REQUIRED` (5 to 500 characters), 409 ' +
            '`PAYMENT_NOT_REFUNDABLE` (not succeeded, or refunded already), 409 `REFUND_IN_PROGRESS`, ' +
            '502 `REFUND_FAILED` when the provider refuses it (nothing changes but the failed refund’s ' +
            'record), 404 for an unknown payment.',
          security,
          params: idParams,
          body: refundInput,
          response: { 200: envelope(refundResult) },
        },
      },
      async (request) => {
        const agent = requireAgent(request, Permission.RefundPayments);
        return {
          data: await refundPayment(ctx, agent.user.id, request.params.id, request.body.reason),
        };
      },
    );

    // The provider's notifications need the body exactly as signed: read it as bytes here only.
    await app.register(async (raw) => {
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      raw.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'buffer' },
        (_request, body, done) => done(null, body),
      );
      raw.withTypeProvider<ZodTypeProvider>().post(
        '/api/payment/notifications/redsys',
        {
          config: { access: access.public },
          schema: {
            tags,
            summary: 'Redsys’ notification of a payment (Ds_Merchant_MerchantURL)',
            description:
              'Form fields `Ds_SignatureVersion` (HMAC_SHA256_V1), `Ds_MerchantParameters` and ' +
              '`Ds_Signature`, verified with the order’s key derived from the merchant’s secret key before ' +
              'anything is read. A forged or altered notification, one of another merchant or terminal, or ' +
              'one whose amount or currency is not the payment’s, is 400 `PAYMENT_NOTIFICATION_INVALID`, ' +
              'changes nothing and is logged; so is any notification when the provider is not redsys. A ' +
              'notification already applied (Redsys retries, a replay) answers 200 with `duplicate: true`, ' +
              'no effect, and is logged.',
            response: { 200: envelope(notificationReceipt) },
          },
        },
        async (request) => {
          const refuse = (why: string): never => {
            request.log.warn({ provider: 'redsys', why }, 'payment notification refused');
            throw new DomainError('PAYMENT_NOTIFICATION_INVALID');
          };
          if (ctx.provider.name !== 'redsys' || !Buffer.isBuffer(request.body)) return refuse('not redsys');
          let event;
          try {
            event = ctx.provider.parseNotification(request.body, request.headers);
          } catch (error) {
            if (error instanceof NotificationRefused) return refuse(error.message);
            throw error;
          }
          const result = await handleNotification(ctx, event);
          if (result.kind === 'refused') {
            request.log.warn(
              { provider: 'redsys', eventId: event.eventId, paymentId: result.paymentId, why: result.reason },
              'payment notification refused',
            );
            throw new DomainError('PAYMENT_NOTIFICATION_INVALID');
          }
          if (result.kind === 'duplicate') {
            request.log.warn(
              { provider: 'redsys', eventId: event.eventId, paymentId: result.paymentId },
              'payment notification replayed: no effect',
            );
          }
          if (result.kind === 'late') {
            request.log.error(
              { provider: 'redsys', eventId: event.eventId, paymentId: result.paymentId },
              'payment authorised after its attempt expired: charged but not unlocked; refund it or mark the announcement paid',
            );
          }
          return { data: { received: true as const, duplicate: result.kind === 'duplicate' } };
        },
      );
      raw.withTypeProvider<ZodTypeProvider>().post(
        '/api/payment/notifications/stripe',
        {
          config: { access: access.public },
          schema: {
            tags,
            summary: 'Stripe’s webhook (payment_intent events)',
            description:
              'Verified with the endpoint’s signing secret (`Stripe-Signature`, 5 minutes of tolerance): ' +
              'a forged, altered or old notification is 400 `PAYMENT_NOTIFICATION_INVALID` and changes ' +
              'nothing, as is any notification when the provider is not stripe. An event already handled ' +
              '(a replay, or Stripe retrying) answers 200 with `duplicate: true` and no effect.',
            response: { 200: envelope(notificationReceipt) },
          },
        },
        async (request) => {
          if (ctx.provider.name !== 'stripe' || !Buffer.isBuffer(request.body))
            throw new DomainError('PAYMENT_NOTIFICATION_INVALID');
          let event;
          try {
            event = ctx.provider.parseNotification(request.body, request.headers);
          } catch (error) {
            if (error instanceof NotificationRefused) throw new DomainError('PAYMENT_NOTIFICATION_INVALID');
            throw error;
          }
          const result = await handleNotification(ctx, event);
          if (result.kind === 'refused') throw new DomainError('PAYMENT_NOTIFICATION_INVALID');
          return { data: { received: true as const, duplicate: result.kind === 'duplicate' } };
        },
      );
    });
  };
}
