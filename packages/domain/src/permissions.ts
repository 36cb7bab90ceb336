/**
 * Role and permission names. Roles carry permissions; the web menu and the agent options filter by
 * these names (SPEC 2.3, 6), and the API checks them on every agent endpoint.
 */
export const Permission = {
  ImpersonateUsers: 'users.impersonate',
  VerifyUsers: 'users.verify',
  BlockUsers: 'users.block',
  ValidateProperties: 'properties.validate',
  ValidateAnnouncements: 'announcements.validate',
  ExtendAnnouncements: 'announcements.extend-period',
  MarkAnnouncementsPaid: 'announcements.mark-paid',
  SendPaymentLinks: 'announcements.send-payment-link',
  /** Give a payment back through its provider, with a reason (issue 28). */
  RefundPayments: 'payments.refund',
  SendOffersEmail: 'announcements.send-offers-email',
  DownloadDocuments: 'documents.download',
  SearchProperties: 'properties.search',
  ReadAudit: 'audit.read',
} as const;
export type PermissionName = (typeof Permission)[keyof typeof Permission];

export const Role = {
  Agent: 'agent',
  SupervisorAgent: 'supervisor',
} as const;
export type RoleName = (typeof Role)[keyof typeof Role];

const allPermissions = Object.values(Permission);

/** What only a supervisor may do: block and readmit users, and read the agents' audit log. */
const supervisorOnly: readonly PermissionName[] = [Permission.BlockUsers, Permission.ReadAudit];

/**
 * Which permissions each role grants. A supervisor is an agent who may also block and readmit users and
 * read the audit log. A database made before a permission existed gets it from its migration (0010 for
 * `audit.read`); new databases get them all from `ensureRoles`.
 */
export const rolePermissions: Record<RoleName, readonly PermissionName[]> = {
  agent: allPermissions.filter((p) => !supervisorOnly.includes(p)),
  supervisor: allPermissions,
};
