import { describe, expect, it } from 'vitest';
import {
  announcementKindOfSection,
  announcementKindOfType,
  announcementKinds,
  announcementRouteSegment,
  announcementSection,
  announcementTypeOfKind,
  isMonthlyKind,
} from './announcement-kind';

describe('announcement kind', () => {
  it('is stored as its type code and read back from it', () => {
    expect(announcementTypeOfKind).toEqual({ sale: 'ATY003', rental: 'ATY002', room: 'ATY001' });
    for (const kind of announcementKinds)
      expect(announcementKindOfType(announcementTypeOfKind[kind])).toBe(kind);
    expect(announcementKindOfType('ATY000')).toBe('rental');
    expect(announcementKindOfType(null)).toBe('rental');
  });

  it('keeps the URLs of SPEC 2.1', () => {
    expect(announcementRouteSegment).toEqual({
      sale: 'venta',
      rental: 'alquiler',
      room: 'alquiler-habitacion',
    });
    expect(announcementSection).toEqual({ sale: 'venta', rental: 'alquiler', room: 'alquiler habitacion' });
    expect(announcementKindOfSection('alquiler habitacion')).toBe('room');
    expect(announcementKindOfSection('venta')).toBe('sale');
    expect(announcementKindOfSection('room')).toBeUndefined();
    expect(announcementKindOfSection(null)).toBeUndefined();
  });

  it('prices rentals per month', () => {
    expect(announcementKinds.filter(isMonthlyKind)).toEqual(['rental', 'room']);
  });
});
