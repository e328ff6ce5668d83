import {
  changeUserPasswordBody,
  createUserBody,
  formatPermissions,
  msg,
  parsePermissions,
  type UpdateUserBody,
  type UserRecord,
  updateUserBody,
} from '@vahti/domain';
import { z } from 'zod';

/** Permissions are a list in the form ('Pakollinen kenttä' when none) and a comma string on the wire. */
const permissionList = z
  .array(z.number().int(), { error: msg('required') })
  .min(1, { error: msg('required') });

/** The admin user form's fields, shared by the new-user page and the edit dialog. */
export const userFormFields = updateUserBody
  .omit({ uuid: true, userPermissions: true })
  .extend({ userPermissions: permissionList });
export type UserFormValues = z.input<typeof userFormFields>;

/** add-new-user: the fields plus the password and its repeat, which must match. */
export const newUserForm = userFormFields
  .extend({
    userPassword: createUserBody.shape.userPassword,
    confirmPassword: changeUserPasswordBody.shape.confirmPassword,
  })
  .refine((form) => form.userPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    error: msg('passwordsDoNotMatch'),
  });
export type NewUserFormValues = z.input<typeof newUserForm>;

/** The edit dialog: the fields of the user named by uuid. */
export const editUserForm = userFormFields.extend({ uuid: updateUserBody.shape.uuid });
export type EditUserFormValues = z.input<typeof editUserForm>;

export const emptyUserForm = (organizationId: string | undefined): UserFormValues => ({
  userEmail: '',
  userFirstName: '',
  userLastName: '',
  userPhoneNumber: '',
  userJobTitle: '',
  userRoles: '' as UserFormValues['userRoles'],
  userState: 'Aktiivinen',
  userOrganization: organizationId,
  userPermissions: [],
  userInformation: '',
  userDescription: '',
});

export const userFormValues = (user: UserRecord): EditUserFormValues => ({
  uuid: user.uuid,
  userEmail: user.userEmail,
  userFirstName: user.userFirstName,
  userLastName: user.userLastName,
  userPhoneNumber: user.userPhoneNumber ?? '',
  userJobTitle: user.userJobTitle ?? '',
  userRoles: user.userRoles,
  userState: user.userState,
  userOrganization: user.userOrganization,
  userPermissions: parsePermissions(user.userPermissions),
  userInformation: user.userInformation ?? '',
  userDescription: user.userDescription ?? '',
});

type ParsedFields = z.output<typeof userFormFields>;

/**
 * The wire body of the form: permissions joined into "1,2,4", and the organization left out for
 * anyone but the top administrator (the server then uses their own).
 */
export function toUserBody<T extends ParsedFields>(
  values: T,
  { chooseOrganization }: { chooseOrganization: boolean },
): Omit<T, 'userPermissions'> & Pick<UpdateUserBody, 'userPermissions'> {
  const { userPermissions, userOrganization, ...rest } = values;
  return {
    ...rest,
    ...(chooseOrganization && userOrganization ? { userOrganization } : {}),
    userPermissions: formatPermissions(userPermissions),
  } as Omit<T, 'userPermissions'> & Pick<UpdateUserBody, 'userPermissions'>;
}
