import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../../shared/ui/button';
import { RadioGroup } from '../../../shared/ui/radio-group';
import { usePropertyImages } from '../api/get-property-images';
import { useMunicipalities } from '../api/list-municipalities';
import { useProvinces } from '../api/list-provinces';
import { labelIn } from '../lists';
import type { PropertyFormValues } from '../form-values';
import { announcementKinds, type AnnouncementKind } from '@casaoferta/domain/announcement-kind';
import { addressLines, characteristicRows } from '../summary';
import { propertyFormTexts } from '../texts';
import { AddressLines, PropertyFacts } from './property-facts';

const t = propertyFormTexts.review;
const steps = propertyFormTexts.steps;

interface ReviewStepProps {
  propertyId: string | null;
  /** Chosen in the URL (?section=…) or here when the URL had none. */
  section: AnnouncementKind | undefined;
  askSection: boolean;
  onSectionChange: (section: AnnouncementKind) => void;
  sectionError: string | undefined;
  onEdit: (step: number) => void;
}

function SummaryBlock(props: {
  title: string;
  step: number;
  onEdit: (step: number) => void;
  children: ReactNode;
}) {
  return (
    <section className="card card--flat stack property-review__block" aria-label={props.title}>
      <div className="property-review__head">
        <h3 className="card__title">{props.title}</h3>
        <Button size="sm" variant="ghost" onClick={() => props.onEdit(props.step)}>
          {t.edit(props.title)}
        </Button>
      </div>
      {props.children}
    </section>
  );
}

/** Step 4: everything entered, with a way back to each part, before 'Enviar a validación'. */
export function ReviewStep({
  propertyId,
  section,
  askSection,
  onSectionChange,
  sectionError,
  onEdit,
}: ReviewStepProps) {
  const { control } = useFormContext<PropertyFormValues>();
  const values = useWatch({ control }) as Partial<PropertyFormValues>;
  const provinces = useProvinces();
  const municipalities = useMunicipalities(values.provinceCode);
  const images = usePropertyImages(propertyId);
  const source = {
    ...values,
    provinceName: labelIn(provinces.data ?? [], values.provinceCode),
    municipalityName: labelIn(municipalities.data ?? [], values.municipalityCode),
  };
  const photos = images.data ?? [];
  const cover = photos[0];

  return (
    <div className="stack">
      <p className="muted">{t.intro}</p>
      <SummaryBlock title={steps[0]} step={0} onEdit={onEdit}>
        <AddressLines lines={addressLines(source)} />
      </SummaryBlock>
      <SummaryBlock title={steps[1]} step={1} onEdit={onEdit}>
        <PropertyFacts rows={characteristicRows(source)} />
      </SummaryBlock>
      <SummaryBlock title={steps[2]} step={2} onEdit={onEdit}>
        <p>{propertyFormTexts.photos.count(photos.length)}</p>
        {cover && (
          <img className="property-review__cover" src={cover.card} alt={propertyFormTexts.photos.cover} />
        )}
      </SummaryBlock>
      {askSection ? (
        <RadioGroup
          legend={t.sectionLegend}
          name="section"
          required
          value={section ?? null}
          onChange={(value) => {
            const picked = announcementKinds.find((item) => item === value);
            if (picked) onSectionChange(picked);
          }}
          options={announcementKinds.map((item) => ({ value: item, label: t.sections[item] }))}
          error={sectionError}
        />
      ) : (
        section && <p className="alert">{t.sections[section]}</p>
      )}
    </div>
  );
}
