import { deliveryTexts as t } from './texts';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  /** The page that turns e-mail notices off without logging in (also the List-Unsubscribe header). */
  unsubscribeUrl: string | null;
}

/** The unsubscribe page of a token, on the app's public address. */
export function unsubscribeLink(token: string | null | undefined, publicUrl?: string): string | null {
  if (!token || !publicUrl) return null;
  const url = new URL('/unsubscribe', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'«»]+[^\s<>"'«».,;:!?)]/g;

/**
 * Whether `url` is one of the app's own links (the origin of `publicUrl`, where our code points every
 * link it writes into a message): only those become links. A web address that came in with a person's
 * text (a name from before the name rule, a title) stays escaped text, so the e-mail never carries a
 * link to somewhere else under our name.
 */
function isOwnLink(url: string, publicUrl: string | undefined): boolean {
  if (!publicUrl || !URL.canParse(url)) return false;
  const parsed = new URL(url);
  return parsed.origin === new URL(publicUrl).origin && parsed.username === '' && parsed.password === '';
}

/** A paragraph's text, escaped, with the app's own addresses as links (and no other). */
function paragraphHtml(text: string, publicUrl: string | undefined): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0];
    if (!isOwnLink(url, publicUrl)) continue;
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" style="color:#0f766e;font-weight:600">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  html += escapeHtml(text.slice(last));
  return html.replace(/\n/g, '<br>');
}

/**
 * An e-mail in the product's look from a stored message: the subject as its title, the body's
 * paragraphs (blank lines apart) with the app's own links (`isOwnLink`), and the footer (why it arrives, where to change
 * the notices). Both bodies say the same; every value is escaped in the HTML one. The subject is one
 * line (a line break in it could not start a header anyway: nodemailer encodes it).
 */
export function renderEmail(
  message: { subject: string | null; body: string; unsubscribeToken?: string | null },
  publicUrl?: string,
): EmailContent {
  const subject = (message.subject ?? t.brand).replace(/\s+/g, ' ').trim();
  const paragraphs = message.body
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const settingsUrl = publicUrl ? new URL('/settings', publicUrl).toString() : null;
  const unsubscribeUrl = unsubscribeLink(message.unsubscribeToken, publicUrl);
  const footer = [
    t.emailFooter,
    settingsUrl ? `${t.emailSettings} ${settingsUrl}` : null,
    unsubscribeUrl ? `${t.emailUnsubscribe} ${unsubscribeUrl}` : null,
    t.emailAutomatic,
  ].filter((line): line is string => line !== null);
  const text = [subject, '', ...paragraphs.flatMap((p) => [p, '']), '—', t.brand, ...footer].join('\n');
  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f2faf8;font-family:Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f2faf8;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0f766e;padding:18px 28px;color:#ffffff;font-size:20px;font-weight:700">${escapeHtml(t.brand)}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;color:#134e4a">${escapeHtml(subject)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 14px;font-size:16px;line-height:1.5">${paragraphHtml(p, publicUrl)}</p>`).join('\n')}
</td></tr>
<tr><td style="padding:18px 28px;background:#e6f4f1;font-size:13px;line-height:1.5;color:#4b5563">
<p style="margin:0 0 6px">${escapeHtml(t.emailFooter)}</p>
${settingsUrl ? `<p style="margin:0 0 6px">${escapeHtml(t.emailSettings)} <a href="${escapeHtml(settingsUrl)}" style="color:#0f766e">${escapeHtml(t.emailSettingsLink)}</a></p>` : ''}
${unsubscribeUrl ? `<p style="margin:0 0 6px">${escapeHtml(t.emailUnsubscribe)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#0f766e">${escapeHtml(t.emailUnsubscribeLink)}</a></p>` : ''}
<p style="margin:0">${escapeHtml(t.emailAutomatic)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html, unsubscribeUrl };
}
