import { describe, expect, it } from 'vitest';
import { renderEmail } from './email-template';

const publicUrl = 'https://casaoferta.es';
const anchors = (html: string): string[] => [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1] ?? '');

describe('the e-mail template links only what our code wrote (issue 22, point 5)', () => {
  it("makes links of the app's own addresses and of no address that came with a person's text", () => {
    const own = 'https://casaoferta.es/confirm-email?token=abc';
    const { html, text } = renderEmail(
      {
        subject: 'Confirma tu correo',
        body:
          'Hola, Tu banco: cuenta bloqueada, entra en https://evil.example/es:\n\n' +
          `Abre este enlace: ${own}\n\n` +
          'O estos: https://casaoferta.es.evil.example/x https://casaoferta.es@evil.example/x ' +
          'http://casaoferta.es/property/1',
      },
      publicUrl,
    );
    expect(anchors(html)).toEqual([own, 'https://casaoferta.es/settings']);
    expect(html).toContain('entra en https://evil.example/es:');
    expect(html).not.toMatch(/href="[^"]*evil/);
    // The plain body says the same (mail clients may auto-link it: names can no longer hold an address).
    expect(text).toContain(own);
  });

  it('escapes every character of a person’s text in the HTML body and in the title', () => {
    const { html } = renderEmail(
      {
        subject: 'Aviso <script>alert(1)</script>',
        body: 'Ha firmado <a href="https://evil.example">Ana</a> & "Luis" \'O\'Brien\'',
      },
      publicUrl,
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<a href="https://evil.example">');
    expect(html).toContain(
      '&lt;a href=&quot;https://evil.example&quot;&gt;Ana&lt;/a&gt; &amp; &quot;Luis&quot;',
    );
    expect(html).toContain('&#39;O&#39;Brien&#39;');
  });

  it('links nothing in the body when the app has no public address', () => {
    const { html } = renderEmail({ subject: 'Aviso', body: 'Entra en https://casaoferta.es/settings' });
    expect(anchors(html)).toEqual([]);
  });
});
