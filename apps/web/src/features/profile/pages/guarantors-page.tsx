import { PeopleSection } from '../components/people-section';
import '../profile.css';

/** /profile/guarantors: the tenant's people of this role. */
export default function GuarantorsPage() {
  return <PeopleSection role="guarantor" />;
}
