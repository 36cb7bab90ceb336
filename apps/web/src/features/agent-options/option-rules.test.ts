import { describe, expect, it } from 'vitest';
import { Permission, rolePermissions } from '@casaoferta/domain/permissions';
import { agentOptions, permissionNames } from './option-rules';
import type { OptionsInput } from './option-rules';
import { routeContext } from './route-context';

const propertyId = '11111111-1111-4111-8111-111111111111';
const announcementId = '22222222-2222-4222-8222-222222222222';
const offerId = '33333333-3333-4333-8333-333333333333';
const supervisor = new Set<string>(rolePermissions.supervisor);
const agent = new Set<string>(rolePermissions.agent);
const subject = {
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Javier',
  isBlocked: false,
  isVerified: false,
};

const base: OptionsInput = {
  route: { kind: 'other' },
  permissions: supervisor,
  impersonating: true,
  subject,
  property: null,
  announcement: null,
};
const ids = (input: Partial<OptionsInput>) => agentOptions({ ...base, ...input }).map((item) => item.id);
const reasonOf = (input: Partial<OptionsInput>, id: string) =>
  agentOptions({ ...base, ...input }).find((item) => item.id === id)?.disabledReason;

describe('routeContext', () => {
  it('reads SPEC 6 routes', () => {
    expect(routeContext(`/property-detail/${propertyId}`)).toEqual({ kind: 'property-detail', propertyId });
    expect(routeContext(`/offer-detail/${announcementId}/${offerId}`)).toEqual({
      kind: 'offer-detail',
      announcementId,
      offerId,
    });
    expect(routeContext('/profile')).toEqual({ kind: 'profile', documentation: false });
    expect(routeContext('/profile/documentation')).toEqual({ kind: 'profile', documentation: true });
    expect(routeContext(`/new-announcement-venta/${propertyId}/${announcementId}`)).toEqual({
      kind: 'announcement-form',
      propertyId,
      announcementId,
    });
    expect(routeContext('/property-detail/not-an-id')).toEqual({ kind: 'other' });
    expect(routeContext('/properties')).toEqual({ kind: 'other' });
  });
});

describe('agentOptions (SPEC 6 "Agent options by route")', () => {
  it('any route: block, create listing and change user while impersonating; log out otherwise', () => {
    expect(ids({})).toEqual(['block', 'create-listing', 'change-user']);
    expect(ids({ subject: { ...subject, isBlocked: true } })).toEqual([
      'readmit',
      'create-listing',
      'change-user',
    ]);
    expect(ids({ impersonating: false, subject: null })).toEqual(['create-listing', 'logout']);
  });

  it('hides what the agent lacks the permission for (a plain agent cannot block)', () => {
    expect(ids({ permissions: agent })).toEqual(['create-listing', 'change-user']);
    expect(ids({ permissions: new Set(), route: { kind: 'profile', documentation: true } })).toEqual([
      'create-listing',
      'change-user',
    ]);
  });

  it('PropertyDetail: extend, offers e-mail, solvency report, images, property validation, then the announcement', () => {
    const input: Partial<OptionsInput> = {
      route: { kind: 'property-detail', propertyId },
      property: {
        id: propertyId,
        validationStatus: 'PSG002',
        revision: 1,
        hasPendingRevision: false,
        imageCount: 3,
      },
      announcement: { id: announcementId, statusCode: 'AST002', offersCount: 0, revision: 1, isPaid: false },
    };
    expect(ids(input)).toEqual([
      'extend-period',
      'offers-email',
      'mark-paid',
      'payment-link',
      'refund-payment',
      'solvency-report',
      'contact-data',
      'download-images',
      'validate-property',
      'reject-property',
      'validate-announcement',
      'reject-announcement',
      'block',
      'create-listing',
      'change-user',
    ]);
    expect(reasonOf(input, 'extend-period')).toBe('Solo se amplía un anuncio publicado.');
    expect(reasonOf(input, 'solvency-report')).toBe('El anuncio todavía no tiene ofertas.');
    expect(reasonOf(input, 'offers-email')).toBeNull();
    expect(reasonOf(input, 'refund-payment')).toBe('El anuncio no tiene ningún pago que devolver.');
    expect(reasonOf(input, 'mark-paid')).toBeNull();
    expect(reasonOf(input, 'payment-link')).toBeNull();
    expect(reasonOf({ ...input, announcement: null }, 'payment-link')).toMatch(/anuncio/);
    expect(reasonOf({ ...input, subject: null }, 'payment-link')).toBe(
      'No se ha podido comprobar su estado.',
    );
    expect(reasonOf({ ...input, announcement: null }, 'offers-email')).toMatch(/anuncio/);
    expect(reasonOf(input, 'download-images')).toBeNull();
    expect(reasonOf(input, 'validate-property')).toBeNull();
    expect(reasonOf(input, 'reject-property')).toBeNull();
    expect(reasonOf(input, 'validate-announcement')).toBeNull();
    expect(reasonOf(input, 'reject-announcement')).toBeNull();
  });

  it('SPEC 4.5 state rules', () => {
    const route = { kind: 'property-detail', propertyId } as const;
    const property = {
      id: propertyId,
      validationStatus: 'PSG001',
      revision: 2,
      hasPendingRevision: false,
      imageCount: 0,
    };
    const published = { id: announcementId, statusCode: 'AST001', offersCount: 2, revision: 3, isPaid: true };
    const input = { route, property, announcement: published };
    expect(reasonOf(input, 'validate-property')).toBe('El inmueble ya está validado.');
    expect(reasonOf(input, 'reject-property')).toBeNull();
    expect(reasonOf(input, 'download-images')).toBe('El inmueble no tiene imágenes.');
    expect(reasonOf(input, 'extend-period')).toBeNull();
    expect(reasonOf(input, 'solvency-report')).toBeNull();
    // SPEC 6: 'unblock announcement' only when it is not paid.
    expect(ids(input)).not.toContain('mark-paid');
    // SPEC 6: 'send payment link', disabled if the announcement is paid.
    expect(reasonOf(input, 'payment-link')).toBe('El anuncio ya está pagado.');
    // Issue 28: a paid announcement's payment can be given back.
    expect(reasonOf(input, 'refund-payment')).toBeNull();
    expect(reasonOf(input, 'validate-announcement')).toMatch(/pendiente de validación o rechazado/);
    expect(reasonOf(input, 'reject-announcement')).toMatch(/pendiente de validación/);
    const rejected = { ...input, announcement: { ...published, statusCode: 'AST007' } };
    expect(reasonOf(rejected, 'validate-announcement')).toBeNull();
    expect(reasonOf(rejected, 'reject-announcement')).not.toBeNull();
    const rejectedProperty = { ...input, property: { ...property, validationStatus: 'PSG004' } };
    expect(reasonOf(rejectedProperty, 'validate-property')).toBeNull();
    expect(reasonOf(rejectedProperty, 'reject-property')).not.toBeNull();
    // A validated property with the owner's edit waiting: the edit can be validated.
    expect(
      reasonOf({ ...input, property: { ...property, hasPendingRevision: true } }, 'validate-property'),
    ).toBeNull();
    expect(reasonOf({ ...input, announcement: null }, 'extend-period')).toBe(
      'El inmueble no tiene ningún anuncio.',
    );
  });

  it('OfferDetail: candidate report and verify (or remove verification)', () => {
    const route = { kind: 'offer-detail', announcementId, offerId } as const;
    expect(ids({ route })).toEqual(['candidate-report', 'verify', 'block', 'create-listing', 'change-user']);
    expect(ids({ route, subject: { ...subject, isVerified: true } })).toContain('unverify');
  });

  it("Profile: verify; 'Documentación' adds the documents while impersonating", () => {
    expect(ids({ route: { kind: 'profile', documentation: false } })).toEqual([
      'verify',
      'block',
      'create-listing',
      'change-user',
    ]);
    expect(ids({ route: { kind: 'profile', documentation: true } })).toContain('download-documents');
    expect(
      ids({ route: { kind: 'profile', documentation: true }, impersonating: false, subject: null }),
    ).toEqual(['create-listing', 'logout']);
  });

  it("PropertyDetail: 'Recibir datos de contacto' unless the property is known to have no announcement", () => {
    const route = { kind: 'property-detail', propertyId } as const;
    const property = {
      id: propertyId,
      validationStatus: 'PSG001',
      revision: 1,
      hasPendingRevision: false,
      imageCount: 1,
    };
    const paid = { id: announcementId, statusCode: 'AST001', offersCount: 1, revision: 1, isPaid: true };
    // Paid or not, the agent receives them: the back office sees everyone (decision 019).
    expect(reasonOf({ route, property, announcement: paid }, 'contact-data')).toBeNull();
    expect(
      reasonOf({ route, property, announcement: { ...paid, isPaid: false } }, 'contact-data'),
    ).toBeNull();
    expect(reasonOf({ route, property, announcement: null }, 'contact-data')).toBe(
      'El inmueble no tiene ningún anuncio.',
    );
    // The property's review unknown (no permission to read it): the server decides.
    expect(reasonOf({ route, property: null, announcement: null }, 'contact-data')).toBeNull();
    // Not while acting as the owner only: the agent's own session lists it too, and only with the permission.
    expect(ids({ route, property, announcement: paid, impersonating: false, subject: null })).toContain(
      'contact-data',
    );
    expect(ids({ route, property, announcement: paid, permissions: new Set() })).not.toContain(
      'contact-data',
    );
    expect(ids({ route: { kind: 'offer-detail', announcementId, offerId } })).not.toContain('contact-data');
  });

  it('reads permissions from the agent and their roles', () => {
    expect(
      permissionNames({ permissions: ['x'], roles: [{ permissions: [Permission.BlockUsers] }] }),
    ).toEqual(new Set(['x', Permission.BlockUsers]));
    expect(permissionNames(null).size).toBe(0);
  });
});
