import Button from '@mui/material/Button';
import type { DiscussionRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Column } from '@/components/data-table';
import { useOrganizationColumn } from '@/components/organization-column';
import { ResourceListScreen } from '@/components/resource-list-screen';
import { useServerSearch } from '@/components/use-server-paging';
import { useManagedDiscussions } from '../api/get-managed-discussions';
import { DiscussionEditDialog } from '../components/discussion-edit-dialog';
import { formatDiscussionTime } from '../components/discussion-time';
import { DiscussionTitle } from '../components/discussion-title';

/**
 * /tieto/show-discussions: the discussion admin list, paged and searched (full-text) on the
 * server, with the organization of each row for the top administrator and the edit dialog.
 */
export function ShowDiscussionsRoute() {
  const { t } = useTranslation();
  const { query: search, ...paging } = useServerSearch(25);
  const query = useManagedDiscussions(search, paging.page, paging.pageSize);
  const organizationColumn = useOrganizationColumn<DiscussionRecord>(
    (row) => row.discussionOrganizationId ?? '',
  );
  const list = {
    ...query,
    data: query.data && { rows: query.data.discussions, total: query.data.total },
  };
  const columns: Column<DiscussionRecord>[] = [
    {
      key: 'title',
      label: t('discussions.title'),
      value: (row) => row.discussionTitle,
      render: (row) => <DiscussionTitle discussion={row} />,
    },
    ...organizationColumn,
    { key: 'target', label: t('discussions.target'), value: (row) => row.targetName },
    {
      key: 'moderator',
      label: t('discussions.moderatorField'),
      value: (row) => row.moderatorName,
      hideBelow: 'lg',
    },
    {
      key: 'comments',
      label: t('discussions.comments'),
      value: (row) => row.comments,
      nowrap: true,
    },
    {
      key: 'state',
      label: t('discussions.state'),
      value: (row) => t(`recordStates.${row.discussionState}`),
      nowrap: true,
    },
    {
      key: 'createdAt',
      label: t('discussions.createdAt'),
      value: (row) => formatDiscussionTime(row.createdAt),
      nowrap: true,
      hideBelow: 'lg',
    },
  ];
  return (
    <ResourceListScreen
      title={t('discussions.manageTitle')}
      label={t('discussions.tableLabel')}
      query={list}
      paging={paging}
      columns={columns}
      rowKey={(row) => row.discussionId}
      editLabel={(row) => t('discussions.editLabel', { title: row.discussionTitle })}
      actions={(row) => (
        <Button
          component={RouterLink}
          size="small"
          to={`../current-discussions?discussionId=${row.discussionId}`}
        >
          {t('discussions.open')}
        </Button>
      )}
      dialog={(row, { close, done }) => (
        <DiscussionEditDialog discussion={row} onClose={close} onSaved={done} />
      )}
    />
  );
}
