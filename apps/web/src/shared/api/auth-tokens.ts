import { storageKeys } from '../storage-keys';

/**
 * SPEC 3, 4.7: the bearer token lives in persistent storage; an agent acting as a user has a temporary
 * token in session storage, which wins while present.
 */
export const authTokens = {
  current(): string | null {
    return (
      sessionStorage.getItem(storageKeys.tempBearerToken) ?? localStorage.getItem(storageKeys.bearerToken)
    );
  },
  main(): string | null {
    return localStorage.getItem(storageKeys.bearerToken);
  },
};
