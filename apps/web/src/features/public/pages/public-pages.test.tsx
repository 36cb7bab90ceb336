import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { paths } from '../../../shared/paths';
import AboutPageDefault, { AboutPage } from './about-page';
import OwnersPageDefault, { OwnersPage } from './owners-page';
import TenantsPageDefault, { TenantsPage } from './tenants-page';
import PartnersPageDefault, { PartnersPage } from './partners-page';
import PrivacyPolicyPageDefault, { PrivacyPolicyPage } from './privacy-policy-page';
import LegalNoticePageDefault, { LegalNoticePage } from './legal-notice-page';
import CookiesPolicyPageDefault, { CookiesPolicyPage } from './cookies-policy-page';

interface PageCase {
  name: string;
  Page: ComponentType;
  DefaultPage: ComponentType;
  heading: string;
  title: string;
  legal: boolean;
}

const pages: PageCase[] = [
  {
    name: 'AboutPage',
    Page: AboutPage,
    DefaultPage: AboutPageDefault,
    heading: 'Qué es Casaoferta y cómo funciona',
    title: 'Qué es Casaoferta · Casaoferta',
    legal: false,
  },
  {
    name: 'OwnersPage',
    Page: OwnersPage,
    DefaultPage: OwnersPageDefault,
    heading: 'Vende o alquila tu vivienda eligiendo tú a quién',
    title: 'Propietarios · Casaoferta',
    legal: false,
  },
  {
    name: 'TenantsPage',
    Page: TenantsPage,
    DefaultPage: TenantsPageDefault,
    heading: 'Haz tu oferta por la casa que quieres',
    title: 'Inquilinos y compradores · Casaoferta',
    legal: false,
  },
  {
    name: 'PartnersPage',
    Page: PartnersPage,
    DefaultPage: PartnersPageDefault,
    heading: 'Colabora con Casaoferta',
    title: 'Partners · Casaoferta',
    legal: false,
  },
  {
    name: 'PrivacyPolicyPage',
    Page: PrivacyPolicyPage,
    DefaultPage: PrivacyPolicyPageDefault,
    heading: 'Política de privacidad',
    title: 'Política de privacidad · Casaoferta',
    legal: true,
  },
  {
    name: 'LegalNoticePage',
    Page: LegalNoticePage,
    DefaultPage: LegalNoticePageDefault,
    heading: 'Aviso legal',
    title: 'Aviso legal · Casaoferta',
    legal: true,
  },
  {
    name: 'CookiesPolicyPage',
    Page: CookiesPolicyPage,
    DefaultPage: CookiesPolicyPageDefault,
    heading: 'Política de cookies',
    title: 'Política de cookies · Casaoferta',
    legal: true,
  },
];

/** Every in-app href a public page may point to, built from `paths` (never literals). */
const knownHrefs = new Set<string>([
  paths.properties,
  paths.about,
  paths.owners,
  paths.tenants,
  paths.partners,
  paths.privacyPolicy,
  paths.legalNotice,
  paths.cookiesPolicy,
  paths.newProperty(),
  paths.newProperty('sale'),
  paths.newProperty('rental'),
  paths.newProperty('room'),
  `${paths.login}?register=true`,
]);

const renderPage = (Page: ComponentType) =>
  render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );

describe.each(pages)('$name', ({ Page, DefaultPage, heading, title, legal }) => {
  it('exports the same component as named and default export', () => {
    expect(DefaultPage).toBe(Page);
  });

  it('renders exactly one h1 with the expected heading and sets the document title', () => {
    renderPage(Page);
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent(heading);
    expect(document.title).toBe(title);
  });

  it('has at least three h2 sections and a logical heading order', () => {
    const { container } = renderPage(Page);
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(3);
    const levels = Array.from(container.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((h) =>
      Number(h.tagName.slice(1)),
    );
    expect(levels[0]).toBe(1);
    // A heading never skips a level on the way down (h1 → h3 would be a skip).
    levels.forEach((level, i) => {
      if (i > 0) expect(level).toBeLessThanOrEqual((levels[i - 1] ?? 1) + 1);
    });
  });

  it('contains no placeholder text', () => {
    const { container } = renderPage(Page);
    const text = container.textContent ?? '';
    expect(text).not.toMatch(/lorem|ipsum/i);
    // Case-sensitive: Spanish "todo"/"todos" is fine, a developer's TODO is not.
    expect(text).not.toMatch(/\bTODO\b|\bTBD\b|FIXME|XXX/);
    expect(text.length).toBeGreaterThan(1500);
  });

  it('links only to real paths or to e-mail and external sites', () => {
    const { container } = renderPage(Page);
    const hrefs = Array.from(container.querySelectorAll('a')).map((a) => a.getAttribute('href') ?? '');
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      if (href.startsWith('mailto:') || href.startsWith('https://')) continue;
      expect(knownHrefs, `unknown link ${href}`).toContain(href);
    }
  });

  it(legal ? 'uses the narrow prose article layout' : 'uses the page layout with a hero', () => {
    const { container } = renderPage(Page);
    if (legal) {
      expect(container.querySelector('article.page.page-narrow.prose')).not.toBeNull();
    } else {
      expect(container.querySelector('div.page > section.hero h1.hero__title')).not.toBeNull();
      expect(container.querySelector('.grid-3 .card')).not.toBeNull();
    }
  });
});

describe('marketing calls to action', () => {
  it('owners page links to each kind of announcement and to sign-up', () => {
    const { container } = renderPage(OwnersPage);
    const hrefs = Array.from(container.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        paths.newProperty(),
        paths.newProperty('sale'),
        paths.newProperty('rental'),
        paths.newProperty('room'),
        `${paths.login}?register=true`,
      ]),
    );
  });

  it('about page offers to publish and to register', () => {
    renderPage(AboutPage);
    expect(screen.getAllByRole('link', { name: 'Publica tu anuncio' })[0]).toHaveAttribute(
      'href',
      paths.newProperty(),
    );
    expect(screen.getByRole('link', { name: 'Regístrate gratis' })).toHaveAttribute(
      'href',
      `${paths.login}?register=true`,
    );
  });

  it('partners page gives the partners e-mail address', () => {
    renderPage(PartnersPage);
    const links = screen.getAllByRole('link', { name: /partners@casaoferta\.es/ });
    expect(links[0]).toHaveAttribute('href', expect.stringMatching(/^mailto:partners@casaoferta\.es/));
  });
});

describe('legal content', () => {
  it('privacy policy covers controller, rights, AEPD, DPO and the update date', () => {
    const { container } = renderPage(PrivacyPolicyPage);
    const text = container.textContent ?? '';
    for (const item of [
      'AEPD',
      'derechos',
      'Casaoferta, S.L.',
      'B00000000',
      'Calle Mayor 1, 28013 Madrid',
      'privacidad@casaoferta.es',
      'Delegado de Protección de Datos',
      'Última actualización: 22 de noviembre de 2026',
      'nunca almacenamos el número de tu tarjeta',
      'Transferencias internacionales',
    ]) {
      expect(text).toContain(item);
    }
    for (const right of ['Acceso', 'Rectificación', 'Supresión', 'Oposición', 'Limitación', 'Portabilidad']) {
      expect(within(container).getByText(right)).toBeInTheDocument();
    }
  });

  it('legal notice cites LSSI-CE art. 10 and the company data', () => {
    const { container } = renderPage(LegalNoticePage);
    const text = container.textContent ?? '';
    for (const item of ['LSSI-CE', 'artículo 10', 'B00000000', 'Propiedad intelectual', 'jurisdicción']) {
      expect(text).toContain(item);
    }
  });

  it('cookies policy describes the three categories and how to change consent', () => {
    renderPage(CookiesPolicyPage);
    const table = screen.getByRole('table', { name: 'Categorías de cookies y almacenamiento local' });
    for (const category of ['Esenciales', 'Analíticas', 'Grabación de sesiones']) {
      expect(within(table).getByRole('rowheader', { name: category })).toBeInTheDocument();
    }
    expect(screen.getByText('«Configurar cookies»')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Detalle del almacenamiento esencial' })).toBeInTheDocument();
  });
});
