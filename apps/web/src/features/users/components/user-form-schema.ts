import {
  changeUserPasswordBody,
  createUserBody,
  formatPermissions,
  msg,
  parsePermissions,
  type Role,
  type UpdateUserBody,
  type UserRecord,
  updateUserBody,
} from '@vahti/domain';
import { type ZodType, z } from 'zod';

/** Permissions are a list in the form ('Pakollinen kenttä' when none) and a comma string on the wire. */
const permissionList = z
  .array(z.number().int(), { error: msg('required') })
  .min(1, { error: msg('required') });

/** The admin user form's fields, shared by the new-user page and the edit dialog. */
export const userFormFields = updateUserBody
  .omit({ uuid: true, userPermissions: true })
  .extend({ userPermissions: permissionList });

/**
 * What both user forms hold: the shared fields (the role empty until chosen), the new-user page's
 * password and repeat and the edit dialog's uuid. The fields serve both; each schema checks its own.
 */
export type UserFormValues = Omit<z.input<typeof userFormFields>, 'userRoles'> & {
  userRoles: Role | '';
  uuid?: string;
  userPassword?: string;
  confirmPassword?: string;
};

const overFormValues = <TOutput>(schema: ZodType<TOutput, UserFormValues>) =>
  z.custom<UserFormValues>().pipe(schema);

/** add-new-user: the fields plus the password and its repeat, which must match. */
export const newUserForm = overFormValues(
  userFormFields
    .extend({
      userPassword: createUserBody.shape.userPassword,
      confirmPassword: changeUserPasswordBody.shape.confirmPassword,
    })
    .refine((form) => form.userPassword === form.confirmPassword, {
      path: ['confirmPassword'],
      error: msg('passwordsDoNotMatch'),
    }),
);

/** The edit dialog: the fields of the user named by uuid. */
export const editUserForm = overFormValues(
  userFormFields.extend({ uuid: updateUserBody.shape.uuid }),
);

export const emptyUserForm = (organizationId: string | undefined): UserFormValues => ({
  userEmail: '',
  userFirstName: '',
  userLastName: '',
  userPhoneNumber: '',
  userJobTitle: '',
  userRoles: '',
  userState: 'Aktiivinen',
  userOrganization: organizationId,
  userPermissions: [],
  userInformation: '',
  userDescription: '',
});

export const userFormValues = (user: UserRecord): UserFormValues => ({
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
