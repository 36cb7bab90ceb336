import { Button } from '../../../shared/ui/button';
import { showToast } from '../../../shared/ui/toast-store';
import { extractCode } from '../outbox';
import type { OutboxMessage } from '../outbox';
import { devTexts as t } from '../texts';
import '../dev.css';

const dateTime = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'Europe/Madrid',
});

async function copy(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    showToast(t.copied(code), 'success');
  } catch {
    showToast(t.copyFailed, 'error');
  }
}

export function OutboxTable({ messages }: { messages: readonly OutboxMessage[] }) {
  return (
    <div className="outbox-wrap">
      <table className="outbox">
        <caption className="visually-hidden">{t.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.columns.date}</th>
            <th scope="col">{t.columns.channel}</th>
            <th scope="col">{t.columns.recipient}</th>
            <th scope="col">{t.columns.message}</th>
            <th scope="col">{t.columns.code}</th>
          </tr>
        </thead>
        <tbody>
          {messages.map((message) => {
            const code = message.channel === 'sms' ? extractCode(message.body) : null;
            return (
              <tr key={message.id}>
                <td>
                  <time dateTime={message.createdAt}>{dateTime.format(new Date(message.createdAt))}</time>
                </td>
                <td>{t.channels[message.channel]}</td>
                <td>{message.recipient}</td>
                <td>
                  {message.subject && <strong className="outbox__subject">{message.subject}</strong>}
                  <span className="outbox__body">{message.body}</span>
                </td>
                <td>
                  {code && (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t.copyLabel(code)}
                      onClick={() => void copy(code)}
                    >
                      {t.copy}
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
