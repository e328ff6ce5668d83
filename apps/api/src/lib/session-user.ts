import { formatPermissions, type Role, type SessionUser } from '@vahti/domain';

/** The fields of a user row (joined with its organization) that the API's user shape needs. */
export interface UserFields {
  userId: string;
  userEmail: string;
  userFirstName: string;
  userLastName: string;
  userPhoneNumber: string | null;
  userJobTitle: string | null;
  userRoles: Role;
  userState: 'Aktiivinen' | 'Passiivinen';
  userOrganization: string;
  userPermissions: number[];
  userInformation: string | null;
  userDescription: string | null;
  /** Alarm mail on (the default) or off; own details. */
  userAlarmMail?: boolean;
  organizationName: string;
  organizationPostalDistrict: string;
}

/**
 * A user as the API returns it (spec 000 §3), from the row and the ids of the user's targets:
 * sign-in, the own details and the admin lists share it.
 */
export function sessionUserOf(user: UserFields, targetIds: readonly string[]): SessionUser {
  return {
    uuid: user.userId,
    userId: user.userId,
    userEmail: user.userEmail,
    userFirstName: user.userFirstName,
    userLastName: user.userLastName,
    userPhoneNumber: user.userPhoneNumber,
    userJobTitle: user.userJobTitle,
    userRoles: user.userRoles,
    userState: user.userState,
    userOrganization: user.userOrganization,
    userPermissions: formatPermissions(user.userPermissions),
    userInformation: user.userInformation,
    userDescription: user.userDescription,
    userAlarmMail: user.userAlarmMail ?? true,
    UserTargets: targetIds.map((targetId) => ({ targetId })),
    Organization: {
      organizationId: user.userOrganization,
      organizationName: user.organizationName,
      organizationPostalDistrict: user.organizationPostalDistrict,
    },
  };
}
