import type { ChatSubject } from '../../shared/chat-subject';
import { shellTexts } from './texts';

/** wa.me link with a prefilled message; the number keeps digits only (international, no '+'). */
export function buildChatLink(number: string, subject: ChatSubject | null): string {
  const digits = number.replace(/\D/g, '');
  const title = subject?.title.trim() ?? '';
  const reference = subject?.reference.trim() ?? '';
  const message =
    title && reference ? shellTexts.chat.propertyMessage(title, reference) : shellTexts.chat.genericMessage;
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
