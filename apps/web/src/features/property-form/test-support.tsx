import { lazy, Suspense, type ComponentType } from 'react';
import { render } from '@testing-library/react';
import { BrowserRouter, MemoryRouter, Route, Routes } from 'react-router';
import type { ImageDto } from '@casaoferta/domain/schemas/listings';
import { storageKeys } from '../../shared/storage-keys';
import { RouterLocation } from '../../test/router-location';
import type { StoredDraft } from './draft-storage';
import NewPropertyPage from './pages/new-property-page';
import PublicationPage from './pages/publication-page';

/** Test helpers of the property form: routes, a stored draft, sample data and a fake XMLHttpRequest. */
export const propertyId = '11111111-1111-4111-8111-111111111111';

export const provinces = [
  { code: '28', label: 'Madrid' },
  { code: '08', label: 'Barcelona' },
];
export const municipalitiesOf: Record<string, { code: string; label: string }[]> = {
  '28': [
    { code: '28079', label: 'Madrid' },
    { code: '28005', label: 'Alcalá de Henares' },
  ],
  '08': [{ code: '08019', label: 'Barcelona' }],
};

export const image = (n: number): ImageDto => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  thumb: `/media/${n}-thumb.webp`,
  card: `/media/${n}-card.webp`,
  gallery: `/media/${n}-gallery.webp`,
  width: 400,
  height: 300,
  color: '#887766',
});

export const completeValues = {
  provinceCode: '28',
  municipalityCode: '28079',
  street: 'Calle Mayor',
  streetNumber: '3',
  propertyTypeCode: 'PTY001',
  surfaceM2: 80,
  rooms: 3,
  bathrooms: 1,
  features: ['PAF001'],
};

export function storeDraft(draft: Partial<StoredDraft>) {
  localStorage.setItem(
    storageKeys.newPropertyDraft,
    JSON.stringify({ isNew: true, step: 0, values: {}, ...draft }),
  );
}

/** Renders the app's two pages at `url`; the announcement forms are stand-ins showing their path. */
export function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <RouterLocation />
      <Routes>
        <Route path="/new-property/:propertyUuid?" element={<NewPropertyPage />} />
        <Route path="/new-property-publication" element={<PublicationPage />} />
        <Route path="/new-announcement-venta/:propertyUuid" element={<p>Formulario de venta</p>} />
        <Route path="/new-announcement-alquiler/:propertyUuid" element={<p>Formulario de alquiler</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/**
 * The form at `url` in the browser's own history (Back is a real popstate, as in the app), with the sale
 * form a lazy page whose code arrives only on `arrive()`: meanwhile the router keeps the form on screen.
 */
export function renderWithSlowSaleForm(url: string) {
  window.history.replaceState(null, '', url);
  let deliver: (() => void) | undefined;
  const SaleForm = lazy(
    () =>
      new Promise<{ default: ComponentType }>((resolve) => {
        deliver = () => resolve({ default: () => <p>Formulario de venta</p> });
      }),
  );
  render(
    <BrowserRouter>
      <RouterLocation />
      <Suspense fallback={<p>Cargando la página…</p>}>
        <Routes>
          <Route path="/new-property/:propertyUuid?" element={<NewPropertyPage />} />
          <Route path="/new-announcement-venta/:propertyUuid" element={<SaleForm />} />
        </Routes>
      </Suspense>
    </BrowserRouter>,
  );
  return {
    /** The sale form's code arrives (it must have been asked for). */
    arrive: () => {
      if (!deliver) throw new Error('the sale form was never asked for');
      deliver();
    },
  };
}

export { FakeXhr } from '../../test/fake-xhr';
