import { randomBytes } from 'node:crypto';

/**
 * The environment of a production start that passes every check of config.ts: a public address, the
 * documents key, a (made-up) sealing certificate and delivering providers. Nothing is delivered: the
 * delivery worker is off and the providers' hosts are never reached.
 */
export const productionEnv: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://casaoferta.example',
  DOCUMENTS_KEY: randomBytes(32).toString('base64'),
  CONTRACT_SIGNING_P12: randomBytes(64).toString('base64'),
  CONTRACT_SIGNING_PASSWORD: 'secreto',
  EMAIL_PROVIDER: 'smtp',
  SMTP_HOST: 'smtp.example.com',
  SMTP_USER: 'casaoferta',
  SMTP_PASSWORD: 'secreto',
  SMTP_FROM: 'Casaoferta <no-responder@casaoferta.es>',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC0001',
  TWILIO_AUTH_TOKEN: 'secreto',
  TWILIO_FROM: 'Casaoferta',
  WHATSAPP_PROVIDER: 'whatsapp-cloud',
  WHATSAPP_ACCESS_TOKEN: 'secreto',
  WHATSAPP_PHONE_NUMBER_ID: '1234567890',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_51Abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
  INVOICE_SELLER_NAME: 'Casaoferta, S.L.',
  INVOICE_SELLER_NIF: 'B12345674',
  INVOICE_SELLER_ADDRESS: 'Calle de Alcalá 1, 28014 Madrid',
  DELIVERY_WORKER: 'off',
};
