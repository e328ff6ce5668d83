import Box from '@mui/material/Box';
import { ALL_PERMISSIONS, can, ROLES, STATES, sectionOfPermission } from '@vahti/domain';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOrganizations } from '@/api/get-organizations';
import { CheckboxGroupField } from '@/components/checkbox-group-field';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SelectField } from '@/components/select-field';
import { TextAreaField } from '@/components/text-area-field';
import { toActor, useCan, useSession } from '@/lib/session';
import type { UserFormValues } from './user-form-schema';

interface UserFormFieldsProps {
  form: UseFormReturn<UserFormValues>;
  /** The new-user page's password and repeat, placed right after the e-mail. */
  passwordFields?: ReactNode;
  /** The signed-in user's own row: own role, state and organization cannot change here. */
  ownAccount?: boolean;
}

/**
 * The admin user form's fields (spec 000 §5), used by add-new-user and the users table's edit
 * dialog. Role choices are the roles the signed-in user may assign; only the top administrator
 * chooses the organization, everyone else sees their own.
 */
export function UserFormFields({ form, passwordFields, ownAccount = false }: UserFormFieldsProps) {
  const { t } = useTranslation();
  const session = useSession();
  const actor = toActor(session);
  const chooseOrganization = useCan({ do: 'crossOrganizations' });
  const organizations = useOrganizations({ enabled: chooseOrganization });

  const roleOptions = ROLES.filter((role) => actor && can(actor, { do: 'assignRole', role })).map(
    (role) => ({ value: role, label: role }),
  );
  const stateOptions = STATES.map((state) => ({ value: state, label: state }));
  const organizationOptions = (organizations.data ?? []).map((organization) => ({
    value: organization.organizationId,
    label: organization.organizationName,
  }));
  const permissionOptions = ALL_PERMISSIONS.map((permission) => ({
    value: permission,
    label: t(`sections.${sectionOfPermission(permission)}.name`),
  }));
  const ownLock = ownAccount ? t('users.ownAccountLocked') : undefined;

  return (
    <>
      <FormTextField
        {...fieldProps(form, 'userEmail')}
        label={t('users.email')}
        type="email"
        autoComplete="off"
        required
      />
      {passwordFields}
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField
          {...fieldProps(form, 'userFirstName')}
          label={t('users.firstName')}
          autoComplete="off"
          required
        />
        <FormTextField
          {...fieldProps(form, 'userLastName')}
          label={t('users.lastName')}
          autoComplete="off"
          required
        />
        <FormTextField
          {...fieldProps(form, 'userPhoneNumber')}
          label={t('users.phone')}
          type="tel"
          autoComplete="off"
          required
        />
        <FormTextField
          {...fieldProps(form, 'userJobTitle')}
          label={t('users.jobTitle')}
          autoComplete="off"
          required
        />
        <SelectField
          control={form.control}
          name="userRoles"
          label={t('users.role')}
          options={roleOptions}
          required
          disabled={ownAccount}
          helperText={ownLock}
        />
        <SelectField
          control={form.control}
          name="userState"
          label={t('users.state')}
          options={stateOptions}
          required
          disabled={ownAccount}
          helperText={ownLock}
        />
      </Box>
      {chooseOrganization ? (
        <SelectField
          control={form.control}
          name="userOrganization"
          label={t('users.organization')}
          options={organizationOptions}
          required
          disabled={ownAccount || organizations.isPending}
          helperText={ownLock}
        />
      ) : (
        <FormTextField
          label={t('users.organization')}
          value={session.user?.Organization.organizationName ?? ''}
          readOnly
        />
      )}
      <CheckboxGroupField
        control={form.control}
        name="userPermissions"
        label={t('users.permissions')}
        options={permissionOptions}
        required
      />
      <TextAreaField form={form} name="userInformation" label={t('users.information')} />
      <TextAreaField form={form} name="userDescription" label={t('users.description')} />
    </>
  );
}
