import { QueryProvider } from '../../../shared/api/query-client';
import { SectionForm } from '../components/section-form';
import { SectionLayout } from '../components/section-layout';
import { profileTexts } from '../texts';
import '../profile.css';

const t = profileTexts.sectionPages.household;

/** /profile/convivence, "Convivencia" of the tenant profile: its section as an editable form. */
export default function ConvivencePage() {
  return (
    <QueryProvider>
      <SectionLayout title={t.title} intro={t.intro}>
        {({ profile, lists }) => <SectionForm step="household" profile={profile} lists={lists} />}
      </SectionLayout>
    </QueryProvider>
  );
}
