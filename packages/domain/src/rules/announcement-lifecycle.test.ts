import { describe, expect, it } from 'vitest';
import {
  allowedOwnerActions,
  canRejectAnnouncement,
  canRejectProperty,
  canValidateAnnouncement,
  canValidateProperty,
  editsAreModerated,
} from './announcement-lifecycle';

const facts = (
  statusCode: string,
  extra: Partial<{ offerTypeCode: string; propertyValidationStatus: string }> = {},
) => ({
  statusCode,
  offerTypeCode: 'AOT001',
  propertyValidationStatus: 'PSG001',
  ...extra,
});

describe('allowedOwnerActions', () => {
  it('lets a draft be edited, published (property validated or in validation) and discarded', () => {
    expect(allowedOwnerActions(facts('AST000'))).toMatchObject({
      edit: true,
      publish: true,
      discardDraft: true,
      withdraw: false,
    });
    // Issue 23 point 6: sent together with its property in validation; never with one not sent.
    expect(allowedOwnerActions(facts('AST000', { propertyValidationStatus: 'PSG002' })).publish).toBe(true);
    expect(allowedOwnerActions(facts('AST000', { propertyValidationStatus: 'PSG000' })).publish).toBe(false);
    expect(allowedOwnerActions(facts('AST000', { propertyValidationStatus: 'PSG004' }))).toMatchObject({
      publish: false,
      requestReview: true,
    });
  });

  it('closes bidding only on a published announcement that takes offers', () => {
    expect(allowedOwnerActions(facts('AST001')).closeBidding).toBe(true);
    expect(allowedOwnerActions(facts('AST001', { offerTypeCode: 'AOT002' })).closeBidding).toBe(false);
    expect(allowedOwnerActions(facts('AST002')).closeBidding).toBe(false);
  });

  it.each([
    ['AST003', { reactivate: true, withdraw: true, publish: false }],
    ['AST005', { reactivate: true, withdraw: false }],
    ['AST006', { reactivate: true }],
    ['AST007', { requestReview: true, edit: true, publish: false }],
    ['AST008', { reactivate: false, withdraw: false, edit: false, closeBidding: false }],
  ])('from %s allows %j', (status, expected) => {
    expect(allowedOwnerActions(facts(status))).toMatchObject(expected);
  });
});

describe('agent validation rules (SPEC 4.5)', () => {
  it('validates a property not validated yet and rejects a pending or validated one', () => {
    expect(['PSG000', 'PSG002', 'PSG004'].map((status) => canValidateProperty(status))).toEqual([
      true,
      true,
      true,
    ]);
    expect(canValidateProperty('PSG001')).toBe(false);
    expect(['PSG000', 'PSG002', 'PSG001', 'PSG004'].map(canRejectProperty)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('approves a validated property again only to apply a pending revision (decision 011)', () => {
    expect(canValidateProperty('PSG001', true)).toBe(true);
    expect(['PSG000', 'PSG001', 'PSG002', 'PSG004'].map(editsAreModerated)).toEqual([
      false,
      true,
      false,
      false,
    ]);
  });

  it('validates a pending or rejected announcement and rejects only a pending one', () => {
    expect(['AST002', 'AST007', 'AST001'].map(canValidateAnnouncement)).toEqual([true, true, false]);
    expect(['AST002', 'AST007'].map(canRejectAnnouncement)).toEqual([true, false]);
  });
});
