import { PeopleSection } from '../components/people-section';
import '../profile.css';

/** /profile/co-titulars: the tenant's people of this role. */
export default function CoTitularsPage() {
  return <PeopleSection role="coHolder" />;
}
