import { PaymentResultPage } from './payment-result';

/** The payment succeeded: the offers' amounts and contacts are unlocked. */
export default function PaymentSuccessPage() {
  return <PaymentResultPage success />;
}
