/** The fields of a user record (as GET /api/user answers it) that PATCH /api/users takes. */
interface UserRecordFields {
  uuid: string;
  userEmail: string;
  userFirstName: string;
  userLastName: string;
  userPhoneNumber: string | null;
  userJobTitle: string | null;
  userRoles: string;
  userState: string;
  userPermissions: string;
}

/** The PATCH /api/users body that leaves the user as they are, with the given changes. */
export function userEditBody(current: UserRecordFields, changes: Record<string, unknown> = {}) {
  return {
    uuid: current.uuid,
    userEmail: current.userEmail,
    userFirstName: current.userFirstName,
    userLastName: current.userLastName,
    userPhoneNumber: current.userPhoneNumber,
    userJobTitle: current.userJobTitle,
    userRoles: current.userRoles,
    userState: current.userState,
    userPermissions: current.userPermissions,
    ...changes,
  };
}
