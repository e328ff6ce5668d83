import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizations } from '@/api/get-organizations';
import { useCan, useSession } from '@/lib/session';
import { useSearchParam } from '@/lib/use-search-param';

interface OrganizationPickerProps {
  /** The chosen organization; null: the user's own. */
  value: string | null;
  onChange: (organizationId: string | null) => void;
}

/**
 * The top administrator's organization choice, kept in the URL (`?org=`) so that a reload or a
 * shared link shows the same organization (issue 27: the choice was lost on reload); null: the
 * user's own.
 */
export function useChosenOrganization(): [string | null, (organizationId: string | null) => void] {
  return useSearchParam('org');
}

/**
 * The organization a dashboard shows, for the top administrator only (spec 001 §6: only
 * Pääylläpitäjä picks the organization); nothing for anyone else, who sees their own.
 */
export function OrganizationPicker({ value, onChange }: OrganizationPickerProps) {
  const topAdmin = useCan({ do: 'crossOrganizations' });
  return topAdmin ? <Picker value={value} onChange={onChange} /> : null;
}

function Picker({ value, onChange }: OrganizationPickerProps) {
  const { t } = useTranslation();
  const session = useSession();
  const organizations = useOrganizations();
  const id = useId();
  const chosen = value ?? session.user?.userOrganization ?? '';
  const options = organizations.data ?? [];
  return (
    <FormControl sx={{ maxWidth: { xs: '100%', sm: 360 } }} fullWidth>
      <InputLabel id={`${id}-label`} shrink>
        {t('roleCounts.organization')}
      </InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={t('roleCounts.organization')}
        notched
        value={options.some((o) => o.organizationId === chosen) ? chosen : ''}
        onChange={(event) => onChange(event.target.value || null)}
      >
        {options.map((organization) => (
          <MenuItem key={organization.organizationId} value={organization.organizationId}>
            {organization.organizationName}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
