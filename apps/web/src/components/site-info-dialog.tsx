import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from './responsive-dialog';

/** Shipped in apps/web/public: same origin, so the CSP's frame-src 'self' allows it. */
const SITE_INFO_PDF = '/tietoa-sivustosta.pdf';

/** The top bar's info button and the dialog 'Tietoa sivustosta' showing the site's PDF. */
export function SiteInfoButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const title = t('area.siteInfo');
  const close = () => setOpen(false);
  return (
    <>
      <Tooltip title={title}>
        <IconButton color="inherit" aria-label={title} onClick={() => setOpen(true)}>
          <InfoOutlinedIcon />
        </IconButton>
      </Tooltip>
      <ResponsiveDialog open={open} onClose={close} maxWidth="lg" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers sx={{ p: 0, display: 'flex', flexDirection: 'column' }}>
          <Box
            component="iframe"
            title={title}
            src={SITE_INFO_PDF}
            sx={{ border: 0, width: '100%', flexGrow: 1, minHeight: { xs: 0, sm: '70vh' } }}
          />
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          {/* Phone browsers often do not show a PDF inside a page; they open it in a tab. */}
          <Link href={SITE_INFO_PDF} target="_blank" rel="noopener">
            {t('area.openSiteInfoPdf')}
          </Link>
          <Button variant="contained" onClick={close}>
            {t('app.close')}
          </Button>
        </DialogActions>
      </ResponsiveDialog>
    </>
  );
}
