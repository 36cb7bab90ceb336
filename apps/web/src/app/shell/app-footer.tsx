import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { openCookieSettings } from '../../shared/shell-state';
import { shellTexts } from './texts';

const t = shellTexts.footer;

const links = [
  { label: t.about, to: paths.about },
  { label: t.owners, to: paths.owners },
  { label: t.tenants, to: paths.tenants },
  { label: t.partners, to: paths.partners },
  { label: t.privacyPolicy, to: paths.privacyPolicy },
  { label: t.legalNotice, to: paths.legalNotice },
  { label: t.cookiesPolicy, to: paths.cookiesPolicy },
] as const;

export function AppFooter() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <nav aria-label={t.navLabel}>
          <ul className="footer__links">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            <li>
              <button type="button" className="link-button" onClick={() => openCookieSettings()}>
                {t.cookieSettings}
              </button>
            </li>
          </ul>
        </nav>
        <p className="footer__copy">{t.copyright(new Date().getFullYear())}</p>
      </div>
    </footer>
  );
}
