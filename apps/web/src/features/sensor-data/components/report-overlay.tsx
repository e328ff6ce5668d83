import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface ReportOverlayProps {
  open: boolean;
  text: string;
}

/**
 * The progress overlay shown while the server makes the PDF report (spec 001 §2 Vainu 6): it
 * covers the screen so nothing is clicked meanwhile, and says what is happening, also to a screen
 * reader (a polite live region that is in the page before the text arrives).
 */
export function ReportOverlay({ open, text }: ReportOverlayProps) {
  return (
    <>
      {/* Unmounted when closed: a hidden spinner left in the page reads as "still loading". */}
      <Backdrop
        open={open}
        unmountOnExit
        sx={(theme) => ({ zIndex: theme.zIndex.modal + 1, color: '#fff' })}
        data-testid="report-overlay"
      >
        <Stack spacing={2} sx={{ alignItems: 'center', px: 2, textAlign: 'center' }}>
          <CircularProgress color="inherit" aria-hidden="true" />
          <Typography aria-hidden="true">{open ? text : ''}</Typography>
        </Stack>
      </Backdrop>
      <span
        role="status"
        aria-live="polite"
        style={{
          position: 'absolute',
          width: 1,
          height: 1,
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
        }}
      >
        {open ? text : ''}
      </span>
    </>
  );
}
