import type { CurrentUser } from '@casaoferta/domain/schemas/auth';
import type { AuthContext } from '../../platform/auth';

/** SPEC 3 "User (current user)" as the API returns it. */
export function toCurrentUser(user: AuthContext['user'], roles: AuthContext['roles']): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    phoneNumber: user.phoneNumber,
    email: user.email,
    roles,
    permissions: [...new Set(roles.flatMap((role) => role.permissions))].sort(),
    hasProfileCompleted: user.hasProfileCompleted,
    isBlocked: user.isBlocked,
    isVerified: user.isVerified,
  };
}
