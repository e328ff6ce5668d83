import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOrganizations } from '@/api/get-organizations';
import { SelectField } from '@/components/select-field';
import { useCan } from '@/lib/session';

/** The organization choice of a new group or survey: shown to the top administrator only. */
export function OrganizationSelect<T extends FieldValues>({
  form,
  name,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
}) {
  const { t } = useTranslation();
  const choosesOrganization = useCan({ do: 'crossOrganizations' });
  const organizations = useOrganizations({ enabled: choosesOrganization });
  if (!choosesOrganization) return null;
  return (
    <SelectField
      control={form.control}
      name={name}
      label={t('surveys.organization')}
      required
      options={(organizations.data ?? []).map((organization) => ({
        value: organization.organizationId,
        label: organization.organizationName,
      }))}
    />
  );
}
