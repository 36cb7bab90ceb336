import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { fullName } from '../agents-api';
import type { ManageableUser } from '../agents-api';
import { agentTexts } from '../texts';

const t = agentTexts.menu;

export interface UserListProps {
  users: readonly ManageableUser[];
  onActAs: (user: ManageableUser) => void;
}

/** Manageable users with their phone, verified and blocked badges and 'Actuar como'. */
export function UserList({ users, onActAs }: UserListProps) {
  return (
    <ul className="plain-list agents-users" aria-label={t.listLabel}>
      {users.map((user) => (
        <Card as="li" key={user.id} className="agents-user">
          <div className="agents-user__info">
            <p className="agents-user__name">{fullName(user)}</p>
            <p className="muted text-sm">{user.phoneNumber ?? t.noPhone}</p>
            {(user.isVerified || user.isBlocked) && (
              <p className="cluster">
                {user.isVerified && <span className="badge">{t.verified}</span>}
                {user.isBlocked && <span className="badge agents-badge--blocked">{t.blocked}</span>}
              </p>
            )}
          </div>
          <Button variant="secondary" size="sm" onClick={() => onActAs(user)}>
            {t.actAs}
            <span className="visually-hidden"> {fullName(user)}</span>
          </Button>
        </Card>
      ))}
    </ul>
  );
}
