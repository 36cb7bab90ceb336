import { describe, expect, it } from 'vitest';
import {
  AnnouncementOfferType,
  AnnouncementStatus,
  AnnouncementType,
  ContractStatus,
  OfferPaymentType,
  OfferStatus,
  PropertyValidationStatus,
  isRental,
  isSale,
} from './codes';

describe('codes', () => {
  it('keeps the SPEC 4.1 meanings', () => {
    expect(AnnouncementStatus.Draft).toBe('AST000');
    expect(AnnouncementStatus.Validated).toBe('AST001');
    expect(AnnouncementStatus.PendingValidation).toBe('AST002');
    expect(AnnouncementStatus.Rejected).toBe('AST007');
    expect(PropertyValidationStatus.Validated).toBe('PSG001');
    expect(PropertyValidationStatus.Rejected).toBe('PSG004');
    expect(AnnouncementType.Sale).toBe('ATY003');
    expect(AnnouncementType.Rental).toBe('ATY002');
    expect(AnnouncementType.Unspecified).toBe('ATY000');
    expect(AnnouncementOfferType.Traditional).toBe('AOT001');
    expect(OfferStatus.Withdrawn).toBe('OSC003');
    expect(OfferPaymentType.Cash).toBe('OPT000');
    expect(OfferPaymentType.Mortgage).toBe('OPT001');
  });

  it('completes every family as in ARCHITECTURE 5', () => {
    expect(Object.values(AnnouncementStatus).sort()).toEqual(
      Array.from({ length: 9 }, (_, i) => `AST00${i}`),
    );
    expect(Object.values(PropertyValidationStatus).sort()).toEqual(['PSG000', 'PSG001', 'PSG002', 'PSG004']);
    expect(Object.values(AnnouncementType).sort()).toEqual(['ATY000', 'ATY001', 'ATY002', 'ATY003']);
    expect(Object.values(AnnouncementOfferType).sort()).toEqual(['AOT001', 'AOT002']);
    expect(Object.values(OfferStatus).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `OSC00${i}`));
    expect(Object.values(ContractStatus).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `CST00${i}`));
  });

  it('treats only ATY003 as a sale and everything else as a rental', () => {
    expect(isSale('ATY003')).toBe(true);
    expect(isRental('ATY003')).toBe(false);
    for (const code of ['ATY000', 'ATY001', 'ATY002', 'XYZ', '', null, undefined]) {
      expect(isSale(code)).toBe(false);
      expect(isRental(code)).toBe(true);
    }
  });
});
