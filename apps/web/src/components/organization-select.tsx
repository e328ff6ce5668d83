import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useOrganizations } from '@/api/get-organizations';
import { SelectField } from '@/components/select-field';
import { useCan } from '@/lib/session';

/**
 * The organization of a new record (a survey, a webhook, an ingest key…): a required choice shown
 * to the top administrator only, who works across organizations.
 */
export function OrganizationSelect<T extends FieldValues>({
  form,
  name,
  label,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
}) {
  const choosesOrganization = useCan({ do: 'crossOrganizations' });
  const organizations = useOrganizations({ enabled: choosesOrganization });
  if (!choosesOrganization) return null;
  return (
    <SelectField
      control={form.control}
      name={name}
      label={label}
      required
      options={(organizations.data ?? []).map((organization) => ({
        value: organization.organizationId,
        label: organization.organizationName,
      }))}
    />
  );
}
