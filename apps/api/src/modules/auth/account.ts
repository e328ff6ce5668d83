import type { Caller } from '../../lib/caller.js';
import type { Account } from './auth.repository.js';

/** Only an Aktiivinen user of an Aktiivinen organization may sign in or use a reset link. */
export const isActiveAccount = (account: Pick<Account, 'userState' | 'organizationState'>) =>
  account.userState === 'Aktiivinen' && account.organizationState === 'Aktiivinen';

/** The caller a signed-in account acts as: what the policy and `authorize` read. */
export const callerOf = (account: Account): Caller => ({
  userId: account.userId,
  userEmail: account.userEmail,
  userRoles: account.userRoles,
  userPermissions: account.userPermissions,
  organizationId: account.userOrganization,
});
