import Stack from '@mui/material/Stack';
import { PageHeader } from './page-header';
import { ResourceList, type ResourceListProps } from './resource-list';

export interface ResourceListScreenProps<T> extends Omit<ResourceListProps<T>, 'label'> {
  title: string;
  intro?: string;
  /** The table's accessible name; default the title. */
  label?: string;
}

/**
 * A signed-in screen that is one list (users, targets, organizations, outbox, audit log): the
 * heading, the flash of the last save, the table and the row's edit dialog.
 */
export function ResourceListScreen<T>({
  title,
  intro,
  label,
  ...list
}: ResourceListScreenProps<T>) {
  return (
    <Stack spacing={3}>
      <PageHeader title={title} intro={intro} />
      <ResourceList label={label ?? title} {...list} />
    </Stack>
  );
}
