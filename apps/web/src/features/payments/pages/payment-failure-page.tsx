import { PaymentResultPage } from './payment-result';

/** The payment failed: the provider's reason in Spanish, and "Reintentar" with a new payment. */
export default function PaymentFailurePage() {
  return <PaymentResultPage success={false} />;
}
