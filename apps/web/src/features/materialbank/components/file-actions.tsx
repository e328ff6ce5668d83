import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { downloadMaterialbankFile, viewMaterialbankFile } from '../api/open-materialbank-file';

interface FileActionsProps {
  file: { file: string; fileName: string; title: string };
  /** A failed fetch (the spec only logs it; we say so in the list's red alert). */
  onError: (message: string) => void;
}

/** View in a new tab and download: for every role that sees the file (spec 001 §6). */
export function FileActions({ file, onError }: FileActionsProps) {
  const { t } = useTranslation();
  const fail = () => onError(t('materialbank.fileFailed'));
  const viewLabel = t('materialbank.viewLabel', { title: file.title });
  const downloadLabel = t('materialbank.downloadLabel', { title: file.title });
  return (
    <>
      <Tooltip title={viewLabel}>
        <IconButton
          aria-label={viewLabel}
          onClick={() => viewMaterialbankFile(file.file).catch(fail)}
        >
          <OpenInNewIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={downloadLabel}>
        <IconButton
          aria-label={downloadLabel}
          onClick={() => downloadMaterialbankFile(file.file, file.fileName).catch(fail)}
        >
          <DownloadIcon />
        </IconButton>
      </Tooltip>
    </>
  );
}
