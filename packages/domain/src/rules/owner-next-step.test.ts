import { describe, expect, it } from 'vitest';
import { AnnouncementStatus, PropertyValidationStatus } from '../codes';
import {
  announcementStatusesOfTab,
  nextStepPath,
  propertyNextStep,
  tabOfAnnouncementStatus,
} from './owner-next-step';

const a = (statusCode: string, id = statusCode, typeCode = 'ATY002') => ({ id, statusCode, typeCode });
const allStatuses = Object.values(AnnouncementStatus);

describe('tabs of Mis anuncios', () => {
  it('puts every announcement status in exactly one tab', () => {
    for (const status of allStatuses) {
      const tabs = Object.entries(announcementStatusesOfTab).filter(([, list]) =>
        (list as readonly string[]).includes(status),
      );
      expect(tabs, status).toHaveLength(1);
      expect(tabOfAnnouncementStatus(status)).toBe(tabs[0]?.[0]);
    }
    expect(tabOfAnnouncementStatus('AST999')).toBe('finished');
  });
});

describe('propertyNextStep', () => {
  it('gives a property not validated its own step in Borradores, whatever its announcements', () => {
    for (const announcements of [[], [a('AST000')], [a('AST007')]]) {
      expect(propertyNextStep(PropertyValidationStatus.NotValidated, announcements)).toEqual({
        step: 'continueProperty',
        tab: 'drafts',
        announcement: null,
      });
      expect(propertyNextStep(PropertyValidationStatus.PendingValidation, announcements).step).toBe(
        'propertyInValidation',
      );
      expect(propertyNextStep(PropertyValidationStatus.Rejected, announcements).step).toBe('correctProperty');
    }
  });

  it('asks to create the announcement of a validated property without any', () => {
    expect(propertyNextStep(PropertyValidationStatus.Validated, [])).toEqual({
      step: 'createAnnouncement',
      tab: 'drafts',
      announcement: null,
    });
  });

  it.each([
    ['AST000', 'continueAnnouncement', 'drafts'],
    ['AST007', 'correctAnnouncement', 'drafts'],
    ['AST002', 'announcementInValidation', 'active'],
    ['AST001', 'followOffers', 'active'],
    ['AST003', 'chooseOffer', 'active'],
    ['AST004', 'signContract', 'active'],
    ['AST008', 'done', 'finished'],
    ['AST006', 'republish', 'finished'],
    ['AST005', 'republish', 'finished'],
  ])('follows a validated property’s only announcement in %s', (status, step, tab) => {
    const only = a(status);
    expect(propertyNextStep(PropertyValidationStatus.Validated, [only])).toEqual({
      step,
      tab,
      announcement: only,
    });
  });

  it('is led by the announcement furthest along the deal, then by the newest', () => {
    const lead = (statuses: string[]) =>
      propertyNextStep(
        PropertyValidationStatus.Validated,
        statuses.map((status, index) => a(status, `${status}-${index}`)),
      ).announcement?.id;
    expect(lead(['AST006', 'AST000', 'AST001'])).toBe('AST001-2');
    expect(lead(['AST008', 'AST000'])).toBe('AST000-1');
    expect(lead(['AST005', 'AST006'])).toBe('AST005-0');
    expect(lead(['AST000', 'AST000'])).toBe('AST000-0');
    expect(lead(['AST001', 'AST004'])).toBe('AST004-1');
  });
});

describe('nextStepPath', () => {
  const id = 'p1';
  it('leads each step to its screen', () => {
    expect(nextStepPath(id, propertyNextStep('PSG000', []))).toBe('/new-property/p1');
    expect(nextStepPath(id, propertyNextStep('PSG004', []))).toBe('/new-property/p1');
    expect(nextStepPath(id, propertyNextStep('PSG002', []))).toBe('/property-detail/p1');
    expect(nextStepPath(id, propertyNextStep('PSG001', []))).toBe('/property-detail/p1');
    expect(nextStepPath(id, propertyNextStep('PSG001', [a('AST000', 'd', 'ATY003')]))).toBe(
      '/new-announcement-venta/p1/d',
    );
    expect(nextStepPath(id, propertyNextStep('PSG001', [a('AST007', 'r', 'ATY001')]))).toBe(
      '/new-announcement-alquiler-habitacion/p1/r',
    );
    expect(nextStepPath(id, propertyNextStep('PSG001', [a('AST001')]))).toBe('/property/p1/offers');
    expect(nextStepPath(id, propertyNextStep('PSG001', [a('AST006')]))).toBe('/property-detail/p1');
  });
});
