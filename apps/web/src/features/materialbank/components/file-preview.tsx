import ImageIcon from '@mui/icons-material/Image';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import type { MaterialbankPreviewState } from '@vahti/domain';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { useFilePreview } from '../api/get-file-preview';

const SIZE = 48;

interface PreviewFile {
  file: string;
  title: string;
  fileType: 'pdf' | 'jpg';
  previewState: MaterialbankPreviewState;
}

/**
 * True once the element has come near the screen (the thumbnail's lazy load). The element is
 * watched from when it is rendered, which may be after the first render: a thumbnail whose
 * preview becomes ready while the list is open.
 */
function useSeen<T extends Element>() {
  const [element, ref] = useState<T | null>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (!element || seen) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, seen]);
  return { ref, seen };
}

/** The large preview of a file in a dialog: the image the thumbnail is small of. */
function FilePreviewDialog({ file, onClose }: { file: PreviewFile; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { url } = useFilePreview(file.file, true);
  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm">
      <DialogTitle id={titleId}>
        {t('materialbank.previewTitle', { title: file.title })}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', justifyContent: 'center' }}>
        {url ? (
          <Box
            component="img"
            src={url}
            alt={t('materialbank.previewAlt', { title: file.title })}
            sx={{ maxWidth: '100%', height: 'auto', border: 1, borderColor: 'divider' }}
          />
        ) : (
          <Skeleton variant="rectangular" width="100%" height={320} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.close')}</Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}

/**
 * A file's thumbnail in a list: the server's preview, fetched when the row comes on screen, as a
 * button that opens the large preview; while it is made, or when none could be, the type's icon
 * says so.
 */
export function FileThumbnail({ file }: { file: PreviewFile }) {
  const { t } = useTranslation();
  const { ref, seen } = useSeen<HTMLSpanElement>();
  const ready = file.previewState === 'ready';
  const { url, failed } = useFilePreview(file.file, ready && seen);
  const [open, setOpen] = useState(false);
  if (!ready || failed) {
    const Icon = file.fileType === 'pdf' ? PictureAsPdfIcon : ImageIcon;
    const label = t(
      file.previewState === 'pending' ? 'materialbank.previewPending' : 'materialbank.noPreview',
    );
    return (
      <Tooltip title={label}>
        <Box
          component="span"
          role="img"
          aria-label={label}
          sx={{
            display: 'inline-flex',
            width: SIZE,
            justifyContent: 'center',
            color: 'text.secondary',
          }}
        >
          <Icon />
        </Box>
      </Tooltip>
    );
  }
  return (
    <Box component="span" ref={ref} sx={{ display: 'inline-flex' }}>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={t('materialbank.previewOpen', { title: file.title })}
        sx={{
          width: SIZE,
          height: SIZE,
          borderRadius: 1,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
        }}
      >
        {url ? (
          <Box
            component="img"
            src={url}
            alt={t('materialbank.previewAlt', { title: file.title })}
            loading="lazy"
            sx={{ width: SIZE, height: SIZE, objectFit: 'cover', objectPosition: 'top' }}
          />
        ) : (
          <Skeleton variant="rectangular" width={SIZE} height={SIZE} />
        )}
      </ButtonBase>
      {open && <FilePreviewDialog file={file} onClose={() => setOpen(false)} />}
    </Box>
  );
}
