import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { profileDocumentsTexts } from '../texts';

const t = profileDocumentsTexts.why;

/** '¿Por qué subir documentos?' (SPEC 2.3): what owners gain, and how the documents are kept. */
export function WhyDocuments() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button variant="ghost" size="sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t.open}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={t.title}
        footer={
          <div className="actions">
            <Button onClick={close}>{t.close}</Button>
          </div>
        }
      >
        <ul className="pd-why">
          {t.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
