import { documentsConsentTexts } from '../../../shared/documents-consent-texts';
import { Checkbox } from '../../../shared/ui/checkbox';
import { makeOfferTexts } from '../texts';
import type { ShareChoice } from '../use-share-choice';

const t = makeOfferTexts.share;

/**
 * The sharing block of the offer flow's last step (issue 23 point 7): the documents the owner would see,
 * by kind, and the consent of the offer's detail, unchecked unless I chose to share before.
 */
export function ShareDocuments({ share }: { share: ShareChoice }) {
  if (!share.documents) return null;
  return (
    <fieldset className="offer-section offer-share">
      <legend className="offer-section__title">{t.title}</legend>
      <ul className="offer-share__list" aria-label={t.listLabel}>
        {share.documents.map((document) => (
          <li key={document.id}>
            <span className="offer-share__kind">
              {document.person ? t.ofPerson(document.kind, document.person) : document.kind}
            </span>{' '}
            <span className="muted">{document.fileName}</span>
          </li>
        ))}
      </ul>
      <Checkbox
        label={documentsConsentTexts.label}
        hint={documentsConsentTexts.hint}
        checked={share.checked}
        onChange={(event) => share.setChecked(event.currentTarget.checked)}
      />
    </fieldset>
  );
}
