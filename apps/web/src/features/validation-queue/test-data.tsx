import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { render } from '@testing-library/react';
import type { ValidationQueueItem } from '@casaoferta/domain/schemas/back-office';
import type { PropertyReview } from '@casaoferta/domain/schemas/moderation';
import type { ImageDto } from '@casaoferta/domain/schemas/listings';
import { SessionProvider } from '../../app/session-provider';
import { ok, sampleAgent } from '../../test/mock-api';
import { Toaster } from '../../shared/ui/toaster';

/** Test data of the validation queue's pages. */

export const validatingAgent = {
  ...sampleAgent,
  roles: [{ name: 'agent', permissions: ['properties.validate', 'announcements.validate'] }],
};

/** The session checks of an agent whose token is stored (the pages' calls come on top). */
export const agentSessionRoutes = (agent: object = validatingAgent) => ({
  'GET /api/authentication': () => ok(agent),
  'GET /api/authentication/agents': () => ok(agent),
});

export const daysAgo = (days: number, now = Date.now()) =>
  new Date(now - days * 24 * 3600_000 - 60_000).toISOString();

export const ids = {
  property: '00000000-0000-4000-8000-0000000000b1',
  otherProperty: '00000000-0000-4000-8000-0000000000c2',
  announcement: '00000000-0000-4000-8000-0000000000d1',
  owner: '00000000-0000-4000-8000-0000000000e1',
} as const;

export const queueItem = (overrides: Partial<ValidationQueueItem> = {}): ValidationQueueItem => ({
  kind: 'property',
  propertyId: ids.property,
  announcementId: null,
  reference: 'CO-1001',
  title: 'Piso en alquiler en Getafe',
  municipalityName: 'Getafe',
  provinceName: 'Madrid',
  announcementTypeCode: 'ATY002',
  price: 1100,
  submittedAt: daysAgo(3),
  coverImageUrl: '/media/cover.webp',
  imageCount: 4,
  owner: {
    id: ids.owner,
    name: 'Carmen',
    surname: 'Ruiz Ortega',
    phoneNumber: '+34600000001',
    isVerified: true,
    isBlocked: false,
  },
  revision: 1,
  jointAnnouncements: [],
  propertyValidationStatus: 'PSG002',
  ...overrides,
});

export const image = (n: number): ImageDto => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  thumb: `/media/${n}-thumb.webp`,
  card: `/media/${n}-card.webp`,
  gallery: `/media/${n}-gallery.webp`,
  width: 400,
  height: 300,
  color: '#cccccc',
});

const fields = {
  street: 'Calle Mayor',
  streetNumber: '5',
  floorCode: 'PFL006',
  blockCode: null,
  door: 'B',
  postalCode: '28901',
  provinceCode: '28',
  municipalityCode: '28065',
  propertyTypeCode: 'PTY001',
  statusCode: 'PST003',
  surfaceM2: 80,
  rooms: 2,
  bathrooms: 1,
  orientationCode: null,
  energyCertificationCode: null,
  emissionCertificationCode: null,
  features: ['PAF001'],
  protectedHousingCode: null,
  stageCode: null,
};

/** A validated property whose owner changed rooms, street and photos, with one announcement pending. */
export const reviewWithRevision = (overrides: Partial<PropertyReview> = {}): PropertyReview => ({
  id: ids.property,
  reference: 'CO-1001',
  ownerId: ids.owner,
  validationStatus: 'PSG001',
  validationReason: null,
  revision: 4,
  live: { ...fields, images: [image(1), image(2)] },
  pendingRevision: {
    status: 'pending',
    reason: null,
    submittedAt: daysAgo(2),
    fields: { ...fields, street: 'Calle Nueva', rooms: 3, features: ['PAF001', 'PAF002'] },
    images: [image(2), image(3)],
  },
  announcements: [
    {
      id: ids.announcement,
      typeCode: 'ATY002',
      statusCode: 'AST002',
      isPaid: false,
      statusReason: null,
      revision: 2,
      price: 1100,
      customTitle: 'Piso luminoso en Getafe',
      description: 'Cerca del metro.',
      details: {},
    },
  ],
  ...overrides,
});

export const masterRoutes = {
  'POST /api/masters/province': () => ok([{ code: '28', label: 'Madrid' }]),
  'POST /api/masters/municipality': () => ok([{ code: '28065', label: 'Getafe' }]),
};

/** A page of the feature at `path`, as the app renders it (session, router, toasts). */
export function renderAt(path: string, routes: [string, ReactNode][]) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider reload={() => undefined}>
        <Routes>
          {routes.map(([pattern, element]) => (
            <Route key={pattern} path={pattern} element={element} />
          ))}
          <Route path="/agents-menu" element={<p>menú de agente</p>} />
          <Route path="/login-agents" element={<p>pantalla de login de agentes</p>} />
        </Routes>
        <Toaster />
      </SessionProvider>
    </MemoryRouter>,
  );
}
