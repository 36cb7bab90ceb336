import { storageKeys } from '../storage-keys';

/**
 * SPEC 3, 4.7: the bearer token lives in persistent storage; an agent acting as a user has a temporary
 * token in session storage, which wins while present.
 */
export const authTokens = {
  current(): string | null {
    return read(() => sessionStorage.getItem(storageKeys.tempBearerToken)) ?? authTokens.main();
  },
  main(): string | null {
    return read(() => localStorage.getItem(storageKeys.bearerToken));
  },
};

/** Storage may be blocked by the browser, and does not exist on the server (entry-server.tsx). */
function read(get: () => string | null): string | null {
  try {
    return get();
  } catch {
    return null;
  }
}
