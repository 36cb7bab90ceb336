import { QueryProvider } from '../../../shared/api/query-client';
import { PresentationForm } from '../components/presentation-form';
import { SectionLayout } from '../components/section-layout';
import { profileTexts } from '../texts';
import '../profile.css';

const t = profileTexts.sectionPages.presentation;

/** /profile/presentation, "Presentación" of the tenant profile. */
export default function PresentationPage() {
  return (
    <QueryProvider>
      <SectionLayout title={t.title} intro={t.intro}>
        {({ profile, lists }) => <PresentationForm profile={profile} lists={lists} />}
      </SectionLayout>
    </QueryProvider>
  );
}
