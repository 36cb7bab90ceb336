import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { MenuIcon, UserIcon } from '../../shared/ui/icons';
import { openPublishChooser, openSideMenu, useSideMenuOpen } from '../../shared/shell-state';
import { preloadSideMenu } from './shell-overlays';
import { shellTexts } from './texts';
import { useSession } from '../../shared/session';
import { useUnreadMessages } from '../../shared/unread-messages';

export function LogoMark() {
  return (
    <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="currentColor" />
      <path d="M8 15.5 16 9l8 6.5V24H8z" fill="#fff" />
      <circle cx="16" cy="18.5" r="2.6" fill="#f26b4f" />
    </svg>
  );
}

export function AppHeader() {
  const menuOpen = useSideMenuOpen();
  const session = useSession();
  const unread =
    useUnreadMessages(session.logged && (!session.isAgent || session.isImpersonating))?.total ?? 0;
  return (
    <header className="header">
      <div className="header__inner">
        <Link to={paths.properties} className="logo">
          <LogoMark />
          {shellTexts.brand}
        </Link>
        <div className="header__actions">
          <button type="button" className="btn btn--ghost hide-mobile" onClick={openPublishChooser}>
            {shellTexts.header.publish}
          </button>
          <button
            type="button"
            className="btn btn--ghost menu-button"
            aria-label={unread > 0 ? shellTexts.header.openMenuUnread(unread) : shellTexts.header.openMenu}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={openSideMenu}
            onPointerEnter={preloadSideMenu}
            onFocus={preloadSideMenu}
          >
            <MenuIcon />
            <span className="menu-button__avatar">
              <UserIcon size={18} />
            </span>
            {unread > 0 && (
              <span className="unread-count unread-count--dot" aria-hidden="true">
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </button>
        </div>
      </div>
    </header>
  );
}
