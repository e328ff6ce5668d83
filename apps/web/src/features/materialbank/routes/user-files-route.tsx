import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import { MATERIALBANK_AREA_APPLICATION, type MaterialbankUserFile } from '@vahti/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTargets } from '@/api/get-targets';
import { AlertMessage } from '@/components/alert-message';
import type { Column } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { ResourceList } from '@/components/resource-list';
import { useUserFiles } from '../api/get-user-files';
import { FileActions } from '../components/file-actions';
import { FileThumbnail } from '../components/file-preview';

/**
 * The files made visible to the user in Tieto or Vainu (spec 001 §2: Tieto screen 8 with a
 * target filter, Vainu screen 10): preview, title, info and file, with search, view and download.
 */
function UserFilesScreen({ area }: { area: 'tieto' | 'vainu' }) {
  const { t } = useTranslation();
  const [targetId, setTargetId] = useState('');
  const files = useUserFiles(MATERIALBANK_AREA_APPLICATION[area], targetId);
  const targets = useTargets();
  const [fileError, setFileError] = useState<string | null>(null);
  const filterId = useId();

  const columns: Column<MaterialbankUserFile>[] = [
    {
      key: 'preview',
      label: t('materialbank.preview'),
      value: () => null,
      sortable: false,
      render: (row) => <FileThumbnail file={row} />,
    },
    { key: 'title', label: t('materialbank.title'), value: (row) => row.title },
    { key: 'info', label: t('materialbank.info'), value: (row) => row.info ?? '', hideBelow: 'md' },
    { key: 'file', label: t('materialbank.file'), value: (row) => row.fileName },
  ];

  return (
    <Stack spacing={3}>
      <PageHeader title={t('materialbank.userListTitle')} />
      {area === 'tieto' && (
        <FormControl sx={{ maxWidth: 360 }}>
          {/* The label stays up and 'Kaikki kohteet' shows: an empty-looking filter misleads. */}
          <InputLabel id={`${filterId}-label`} shrink>
            {t('materialbank.targetFilter')}
          </InputLabel>
          <Select
            labelId={`${filterId}-label`}
            label={t('materialbank.targetFilter')}
            notched
            displayEmpty
            value={targetId}
            onChange={(event) => setTargetId(event.target.value)}
          >
            <MenuItem value="">{t('materialbank.allTargets')}</MenuItem>
            {(targets.data ?? []).map((target) => (
              <MenuItem key={target.targetId} value={target.targetId}>
                {target.targetName}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
      <AlertMessage message={fileError} onClose={() => setFileError(null)} />
      <ResourceList
        label={t('materialbank.tableLabel')}
        query={files}
        columns={columns}
        rowKey={(file) => file.id}
        actions={(file) => <FileActions file={file} onError={setFileError} />}
      />
    </Stack>
  );
}

/** /tieto/show-materialbank-files */
export function TietoMaterialbankFilesRoute() {
  return <UserFilesScreen area="tieto" />;
}

/** /vainu/show-materialbank-files-vainu */
export function VainuMaterialbankFilesRoute() {
  return <UserFilesScreen area="vainu" />;
}
