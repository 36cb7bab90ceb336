import { createContext, useContext } from 'react';

/** SPEC 3: the current user as the API returns it. */
export interface SessionUser {
  name: string;
  surname: string;
  phoneNumber: string;
  roles: { name: string; permissions: string[] }[];
  permissions: string[];
  hasProfileCompleted: boolean;
  isBlocked: boolean;
}

/** SPEC 3 session/auth state. Login arrives with the accounts issue; until then nobody is logged. */
export interface Session {
  checked: boolean;
  logged: boolean;
  isAgent: boolean;
  user: SessionUser | null;
}

export const anonymousSession: Session = { checked: true, logged: false, isAgent: false, user: null };

export const SessionContext = createContext<Session>(anonymousSession);

export const useSession = (): Session => useContext(SessionContext);
