import { Suspense, lazy } from 'react';
import {
  closePublishChooser,
  closeSideMenu,
  usePublishChooserOpen,
  useSideMenuOpen,
} from '../../shared/shell-state';

// Both load on first use, to keep dialogs off the catalogue's first load (ARCHITECTURE 2).
const loadSideMenu = () => import('./side-menu');
const SideMenu = lazy(() => loadSideMenu().then((module) => ({ default: module.SideMenu })));
const PublishChooser = lazy(() =>
  import('./publish-chooser').then((module) => ({ default: module.PublishChooser })),
);

/** Starts loading the side menu before it is clicked (hover or focus on the menu button). */
export function preloadSideMenu(): void {
  void loadSideMenu();
}

export function ShellOverlays({ onLogout }: { onLogout?: () => void }) {
  const menuOpen = useSideMenuOpen();
  const chooserOpen = usePublishChooserOpen();
  return (
    <Suspense fallback={null}>
      {menuOpen && <SideMenu open onClose={closeSideMenu} onLogout={onLogout} />}
      {chooserOpen && <PublishChooser open onClose={closePublishChooser} />}
    </Suspense>
  );
}
