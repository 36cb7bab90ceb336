import { QueryProvider } from '../../../shared/api/query-client';
import { SectionForm } from '../components/section-form';
import { SectionLayout } from '../components/section-layout';
import { profileTexts } from '../texts';
import '../profile.css';

const t = profileTexts.sectionPages.work;

/** /profile/laboral-situation, "Situación laboral" of the tenant profile: its section as an editable form. */
export default function LaboralSituationPage() {
  return (
    <QueryProvider>
      <SectionLayout title={t.title} intro={t.intro}>
        {({ profile, lists }) => <SectionForm step="work" profile={profile} lists={lists} />}
      </SectionLayout>
    </QueryProvider>
  );
}
