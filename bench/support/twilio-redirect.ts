import twilio from 'twilio';
import type TwilioRequestClient from 'twilio/lib/base/RequestClient';

/**
 * Preloaded into the API (`--import`) by bench/offers.ts's delivery phases: Twilio's HTTP client sends
 * to BENCH_TWILIO_URL (a local stub) instead of https://api.twilio.com, as the tests'
 * RedirectedRequestClient does (delivery/twilio.ts): the app has no setting for Twilio's address, unlike
 * WHATSAPP_API_URL.
 */
const target = process.env.BENCH_TWILIO_URL;
if (target) {
  const prototype = twilio.RequestClient.prototype;
  const original = prototype.request;
  prototype.request = function redirected<TData>(
    this: TwilioRequestClient,
    options: TwilioRequestClient.RequestOptions<TData>,
  ) {
    const request = original.bind(this);
    return request<TData>({ ...options, uri: options.uri.replace(/^https:\/\/[^/]+/, target) });
  };
}
