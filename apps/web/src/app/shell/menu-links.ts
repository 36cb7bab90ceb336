import { paths } from '../../shared/paths';
import type { SessionUser } from '../../shared/session';
import { overlayTexts } from './overlay-texts';

/** A side-menu entry. With roles and/or permissions, only users holding them see it (SPEC 2.3). */
export interface MenuLink {
  label: string;
  to: string;
  /** Documentation only: visitors still see it and the route guard sends them to login. */
  requiresLogin?: boolean;
  /** The user needs at least one of these role names. */
  roles?: readonly string[];
  /** The user needs at least one of these permission names (own or through a role). */
  permissions?: readonly string[];
  /** Shows the unread messages of this side of the conversations (decision 038). */
  unread?: 'asOwner' | 'asCandidate';
}

const t = overlayTexts.menu;

export const exploreLinks: readonly MenuLink[] = [
  { label: t.properties, to: paths.properties },
  { label: t.myOffers, to: paths.myOffers, requiresLogin: true, unread: 'asCandidate' },
  { label: t.myFavourites, to: paths.myFavourites, requiresLogin: true },
  { label: t.myAnnouncements, to: paths.announcementList, requiresLogin: true, unread: 'asOwner' },
  { label: t.myContracts, to: paths.contractsList, requiresLogin: true },
  { label: t.myPayments, to: paths.myPayments, requiresLogin: true },
];

export const personalLinks: readonly MenuLink[] = [
  { label: t.profile, to: paths.profile, requiresLogin: true },
  { label: t.settings, to: paths.settings, requiresLogin: true },
];

export const registerLink: MenuLink = {
  label: t.register,
  to: `${paths.login}?${new URLSearchParams({ register: 'true' }).toString()}`,
};

export const loginLink: MenuLink = { label: t.login, to: paths.login };

export function userRoleNames(user: SessionUser | null): Set<string> {
  return new Set(user?.roles.map((role) => role.name) ?? []);
}

export function userPermissionNames(user: SessionUser | null): Set<string> {
  if (!user) return new Set();
  return new Set([...user.permissions, ...user.roles.flatMap((role) => role.permissions)]);
}

/** Keeps the links the user may see: roles and permissions each need one match; with both, both. */
export function filterMenuLinks(
  links: readonly MenuLink[],
  session: { user: SessionUser | null },
): MenuLink[] {
  const roles = userRoleNames(session.user);
  const permissions = userPermissionNames(session.user);
  return links.filter((link) => {
    const roleOk = !link.roles?.length || link.roles.some((role) => roles.has(role));
    const permissionOk =
      !link.permissions?.length || link.permissions.some((permission) => permissions.has(permission));
    return roleOk && permissionOk;
  });
}
