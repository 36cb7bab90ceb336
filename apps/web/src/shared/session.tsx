import { createContext, useContext } from 'react';
import type { ImpersonatedUser } from '@casaoferta/domain/schemas/auth';

/** SPEC 3: the current user as the API returns it (GET /api/authentication). */
export interface SessionUser {
  id?: string;
  name: string;
  surname: string;
  phoneNumber: string | null;
  email?: string | null;
  roles: { name: string; permissions: string[] }[];
  permissions: string[];
  hasProfileCompleted: boolean;
  isBlocked: boolean;
  isVerified?: boolean;
}

/**
 * SPEC 3 session/auth state. `user` is who the app acts for: the logged user, or the impersonated user
 * while an agent acts as someone else (then `agent` keeps the agent's own profile).
 */
export interface Session {
  /** The stored token has been checked against the API (always true without a token). */
  checked: boolean;
  logged: boolean;
  /** SPEC 2.2: the authentication profile of the main token carries roles. */
  isAgent: boolean;
  /** SPEC 4.7: a temporary token different from the main one is stored. */
  isImpersonating: boolean;
  /** A bearer token is stored (persistent storage). */
  hasToken: boolean;
  user: SessionUser | null;
  agent: SessionUser | null;
  /** SPEC 3 actualUserImpersonatedInfo, restored from session storage. */
  impersonatedUser: ImpersonatedUser | null;
}

export const anonymousSession: Session = {
  checked: true,
  logged: false,
  isAgent: false,
  isImpersonating: false,
  hasToken: false,
  user: null,
  agent: null,
  impersonatedUser: null,
};

export const SessionContext = createContext<Session>(anonymousSession);

export const useSession = (): Session => useContext(SessionContext);

/** What pages can do with the session; the SessionProvider supplies the real ones. */
export interface SessionActions {
  /** Reads the stored tokens again and reloads the profile (after login or impersonation). */
  refresh: () => Promise<void>;
  /** SPEC 4.7 logout: server call, local clean-up and redirect. */
  logout: () => Promise<void>;
  /** Drops the impersonation token and info; the agent is himself again. */
  stopImpersonating: () => Promise<void>;
}

const noop = () => Promise.resolve();

export const SessionActionsContext = createContext<SessionActions>({
  refresh: noop,
  logout: noop,
  stopImpersonating: noop,
});

export const useSessionActions = (): SessionActions => useContext(SessionActionsContext);
