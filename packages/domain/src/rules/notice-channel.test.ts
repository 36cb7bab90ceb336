import { describe, expect, it } from 'vitest';
import { defaultNotificationSettings, type NotificationSettings } from '../schemas/user-settings';
import { noticeChannelFor } from './notice-channel';

const phone = '+34600000001';
const email = 'ana@example.es';
const withOffers = (offers: NotificationSettings['offers']): NotificationSettings => ({
  ...defaultNotificationSettings,
  offers,
});

describe('noticeChannelFor (issue 23: one channel per event)', () => {
  it('picks one channel: WhatsApp, then SMS, then a confirmed e-mail', () => {
    expect(noticeChannelFor({ phone, email, settings: null }, 'offers')).toEqual({
      channel: 'whatsapp',
      address: phone,
    });
    const noWhatsapp = withOffers({ email: true, sms: true, whatsapp: false, preferred: null });
    expect(noticeChannelFor({ phone, email, settings: noWhatsapp }, 'offers')?.channel).toBe('sms');
    expect(noticeChannelFor({ phone: null, email, settings: null }, 'offers')).toEqual({
      channel: 'email',
      address: email,
    });
    expect(noticeChannelFor({ phone: null, email: null, settings: null }, 'offers')).toBeNull();
  });

  it('honours the preferred channel when it is on and reachable, else falls back', () => {
    const prefersEmail = withOffers({ email: true, sms: true, whatsapp: true, preferred: 'email' });
    expect(noticeChannelFor({ phone, email, settings: prefersEmail }, 'offers')?.channel).toBe('email');
    expect(noticeChannelFor({ phone, email: null, settings: prefersEmail }, 'offers')?.channel).toBe(
      'whatsapp',
    );
    const prefersSms = withOffers({ email: false, sms: true, whatsapp: true, preferred: 'sms' });
    expect(noticeChannelFor({ phone, email, settings: prefersSms }, 'offers')?.channel).toBe('sms');
    // Other kinds keep their own choice.
    expect(noticeChannelFor({ phone, email, settings: prefersSms }, 'contracts')?.channel).toBe('whatsapp');
  });

  it('sends nothing for a kind turned off, and reads settings stored without `preferred`', () => {
    expect(noticeChannelFor({ phone, email, settings: null }, 'news')).toBeNull();
    const legacy = { ...defaultNotificationSettings, offers: { email: true, sms: true, whatsapp: false } };
    expect(noticeChannelFor({ phone, email, settings: legacy }, 'offers')?.channel).toBe('sms');
  });
});
