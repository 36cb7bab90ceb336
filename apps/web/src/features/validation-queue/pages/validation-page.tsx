import { useParams } from 'react-router';
import ValidationQueuePage from './validation-queue-page';
import ValidationReviewPage from './validation-review-page';

/**
 * /agents-validation/:propertyId? (agents only): the queue, or the review of one property. One route and
 * one chunk for both, so the app's first load carries a single route entry for them.
 */
export default function ValidationPage() {
  const { propertyId } = useParams();
  return propertyId ? <ValidationReviewPage key={propertyId} /> : <ValidationQueuePage />;
}
