import { Link, NavLink } from 'react-router';
import { useSession } from '../../shared/session';
import { Button } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
import { exploreLinks, filterMenuLinks, loginLink, personalLinks, registerLink } from './menu-links';
import type { MenuLink } from './menu-links';
import { openPublishChooser } from '../../shared/shell-state';
import { overlayTexts } from './overlay-texts';
import { useUnreadMessages } from '../../shared/unread-messages';
import type { UnreadCounts } from '@casaoferta/domain/schemas/messages';

const t = overlayTexts.menu;

export interface SideMenuProps {
  open: boolean;
  onClose: () => void;
  /** Shown as 'Cerrar sesión' for logged users; without it the button is left out. */
  onLogout?: () => void;
}

function MenuGroup({
  title,
  links,
  onNavigate,
  unread = null,
}: {
  title: string;
  links: MenuLink[];
  onNavigate: () => void;
  unread?: UnreadCounts | null;
}) {
  if (links.length === 0) return null;
  return (
    <section>
      <h3 className="side-menu__group-title">{title}</h3>
      <ul className="side-menu__list">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className="side-menu__link" onClick={onNavigate}>
              {link.label}
              {link.unread && unread && unread[link.unread] > 0 && (
                <span className="unread-count" aria-label={t.unread(unread[link.unread])}>
                  {unread[link.unread]}
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** SPEC 2.3 side menu, as a drawer from the left. */
export function SideMenu({ open, onClose, onLogout }: SideMenuProps) {
  const session = useSession();
  const unread = useUnreadMessages(session.logged && (!session.isAgent || session.isImpersonating));
  const publish = () => {
    onClose();
    openPublishChooser();
  };
  const logout = () => {
    onClose();
    onLogout?.();
  };

  return (
    <Dialog open={open} onClose={onClose} title={t.title} variant="drawer">
      <div className="side-menu">
        {session.logged && session.user && <p className="muted">{t.greeting(session.user.name)}</p>}
        <nav className="side-menu" aria-label={t.navLabel}>
          <MenuGroup
            title={t.explore}
            links={filterMenuLinks(exploreLinks, session)}
            onNavigate={onClose}
            unread={unread}
          />
          <MenuGroup
            title={t.personal}
            links={filterMenuLinks(personalLinks, session)}
            onNavigate={onClose}
          />
        </nav>
        <Button block onClick={publish}>
          {t.publish}
        </Button>
        {!session.logged && (
          <div className="side-menu__account">
            <Link to={registerLink.to} className="btn btn--secondary btn--block" onClick={onClose}>
              {registerLink.label}
            </Link>
            <Link to={loginLink.to} className="btn btn--ghost btn--block" onClick={onClose}>
              {loginLink.label}
            </Link>
          </div>
        )}
        {session.logged && onLogout && (
          <div className="side-menu__account">
            <Button variant="ghost" block onClick={logout}>
              {t.logout}
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
