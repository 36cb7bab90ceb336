import { parseJsonObject } from '../../shared/json-object';

/**
 * A block ends every session of the user, the agent's impersonation of them included (SPEC 4.6), and a
 * blocked user cannot be impersonated: the user just blocked is remembered in this tab, so that after
 * the reload the Options sheet can still offer to readmit them. Kept for the agent who blocked (another
 * agent logging in on the same tab does not get it), and gone with the tab. Not in shared/storage-keys:
 * that module is on every visitor's first load, which has no byte to spare.
 */
const key = 'casaoferta.agent-blocked-user';

export interface RememberedUser {
  /** The agent who blocked them. */
  agentId: string;
  id: string;
  name: string;
}

export function rememberBlockedUser(user: RememberedUser): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(user));
  } catch {
    // Storage blocked: the agent readmits them from the user list another time.
  }
}

export function forgetBlockedUser(): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}

/** The user this agent just blocked, if any. */
export function rememberedBlockedUser(agentId: string | undefined): RememberedUser | null {
  try {
    const raw = sessionStorage.getItem(key);
    const value = raw ? parseJsonObject(raw) : null;
    if (
      !value ||
      typeof value.agentId !== 'string' ||
      typeof value.id !== 'string' ||
      typeof value.name !== 'string' ||
      value.agentId !== agentId
    ) {
      return null;
    }
    return { agentId: value.agentId, id: value.id, name: value.name };
  } catch {
    return null;
  }
}
