import type { CurrentUser, ImpersonatedUser } from '@casaoferta/domain/schemas/auth';
import { ApiError } from '../shared/api/api-error';
import { authTokens } from '../shared/api/auth-tokens';
import { apiRequest } from '../shared/api/client';
import { anonymousSession } from '../shared/session';
import type { Session, SessionUser } from '../shared/session';
import {
  clearImpersonation,
  clearMainToken,
  impersonationToken,
  readImpersonatedUser,
} from '../shared/session-storage';

export const authApi = {
  me: '/api/authentication',
  agentCheck: '/api/authentication/agents',
} as const;

const fetchProfile = (path: string, token: string) => apiRequest<CurrentUser>(path, { token, silent: true });

/**
 * SPEC 2.2 says a failed check clears the token. We clear it when the API rejects it (4xx); a network
 * error or a 5xx says nothing about the token, so it is kept and the next load checks again.
 */
const rejectsToken = (error: unknown): boolean =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** The impersonated user as a session user, when only the stored info is at hand. */
const fromImpersonated = (info: ImpersonatedUser): SessionUser => ({
  id: info.id,
  name: info.name,
  surname: info.surname,
  phoneNumber: info.phoneNumber,
  roles: [],
  permissions: [],
  hasProfileCompleted: false,
  isBlocked: info.isBlocked,
  isVerified: info.isVerified,
});

const toImpersonated = (user: CurrentUser, stored: ImpersonatedUser | null): ImpersonatedUser => ({
  id: user.id,
  name: user.name,
  surname: user.surname,
  countryCode: stored?.id === user.id ? stored.countryCode : null,
  phoneNumber: user.phoneNumber,
  isBlocked: user.isBlocked,
  isVerified: user.isVerified,
});

/** SPEC 2.4: the agent flag needs roles and a successful agent check. */
async function confirmAgent(me: CurrentUser, token: string): Promise<boolean> {
  if (me.roles.length === 0) return false;
  try {
    await fetchProfile(authApi.agentCheck, token);
    return true;
  } catch {
    return false;
  }
}

/** The session the stored tokens stand for (SPEC 2.2, 3, 4.7). */
export async function loadSession(): Promise<Session> {
  const main = authTokens.main();
  if (!main) {
    clearImpersonation();
    return anonymousSession;
  }
  let me: CurrentUser;
  try {
    me = await fetchProfile(authApi.me, main);
  } catch (error) {
    if (rejectsToken(error)) {
      clearMainToken();
      return anonymousSession;
    }
    return { ...anonymousSession, hasToken: true };
  }
  const isAgent = await confirmAgent(me, main);
  const base: Session = {
    ...anonymousSession,
    logged: true,
    hasToken: true,
    isAgent,
    user: me,
    agent: isAgent ? me : null,
  };
  const temp = impersonationToken();
  if (!isAgent || !temp) {
    // Only agents impersonate: a leftover temporary token would otherwise win in every request.
    clearImpersonation();
    return base;
  }
  const stored = readImpersonatedUser();
  try {
    const acted = await fetchProfile(authApi.me, temp);
    return { ...base, isImpersonating: true, user: acted, impersonatedUser: toImpersonated(acted, stored) };
  } catch (error) {
    if (rejectsToken(error) || !stored) {
      // The temporary token expired (≤ 60 min): the agent is himself again.
      clearImpersonation();
      return base;
    }
    return { ...base, isImpersonating: true, user: fromImpersonated(stored), impersonatedUser: stored };
  }
}
