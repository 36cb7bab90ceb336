// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server';
import { cards, propertyId, sampleProperty } from './features/catalogue/test-data';
import { shellTexts } from './app/shell/texts';
import { overlayTexts } from './app/shell/overlay-texts';
import { catalogueTexts } from './features/catalogue/texts';

const runtime = { supportWhatsapp: '34911222333', appHost: '' };

describe('server render (entry-server.tsx, in Node: no document, no storage)', () => {
  it('renders the catalogue with the given results, the chat link with the given number, and no overlays', async () => {
    const html = await renderPage({
      kind: 'catalogue',
      url: '/properties',
      key: '',
      page: { items: cards(1, 3), nextCursor: 'next' },
      runtime,
    });
    expect(html).toContain(`<h1 class="catalogue__title">${catalogueTexts.title}</h1>`);
    expect(html.match(/<article class="listing-card/g)).toHaveLength(3);
    expect(html).toContain('Piso 2 en alquiler en Malasaña, Madrid');
    // The first photo is the largest paint: preloaded and fetched first.
    expect(html).toMatch(/^<link rel="preload" as="image"[^>]*fetchPriority="high"/);
    expect(html).toContain('https://wa.me/34911222333');
    expect(html).not.toContain(overlayTexts.tutorial.title);
    expect(html).not.toContain(shellTexts.cookies.bannerTitle);
  });

  it('renders the catalogue at "/" as at /properties (issue 23: visitors see it there; one cached render)', async () => {
    const page = { items: cards(1, 2), nextCursor: null };
    const at = (url: string) => renderPage({ kind: 'catalogue', url, key: '', page, runtime });
    const home = await at('/');
    expect(home).toContain(`<h1 class="catalogue__title">${catalogueTexts.title}</h1>`);
    expect(home).toBe(await at('/properties'));
  });

  it('renders a property page from the given data', async () => {
    const property = sampleProperty();
    const html = await renderPage({
      kind: 'property',
      url: `/property/${propertyId}`,
      id: propertyId,
      property,
      runtime,
    });
    expect(html).toContain('Piso en venta en Ruzafa, Valencia</h1>');
    expect(html).toContain('/media/demo/photo1-gallery.webp');
    expect(html.toLowerCase()).toContain('itemtype="https://schema.org/offer"');
  });
});
