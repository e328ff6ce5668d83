import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlertMessage } from '@/components/alert-message';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { findDeviceByQrCode } from '../api/find-device-by-qr-code';
import { useQrScanner } from '../components/use-qr-scanner';

/**
 * /vainu/qr-code (spec 001 §2 Vainu 2): the camera's picture, the code read from it, and the two
 * actions that carry the code on: add a device with it, or find the device that has it. A camera
 * that cannot start shows the spec's scanner error (§8) with a retry.
 */
export function QrCodeRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [code, setCode] = useState<string | null>(null);
  const { state, retry } = useQrScanner(videoRef, setCode);

  const [lookupError, setLookupError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);

  const addDevice = () => {
    if (code) void navigate(`/vainu/add-device?qrCode=${encodeURIComponent(code)}`);
  };
  // The device page of the code's device; a code no device has says so here.
  const showDevice = async () => {
    if (!code) return;
    setLookupError(null);
    setLooking(true);
    try {
      const deviceId = await findDeviceByQrCode(code);
      if (deviceId) void navigate(`/vainu/show-devices/${deviceId}`);
      else setLookupError(t('qrCode.notFound', { code }));
    } catch (error) {
      setLookupError(errorText(error));
    } finally {
      setLooking(false);
    }
  };

  return (
    <Stack spacing={3}>
      <PageHeader title={t('qrCode.title')} intro={t('qrCode.intro')} />
      <AlertMessage
        message={
          state.phase === 'failed'
            ? t(`qrCode.errors.${state.problem}`, { name: state.name })
            : null
        }
        action={
          <Button color="inherit" size="small" onClick={retry}>
            {t('qrCode.retry')}
          </Button>
        }
      />
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          maxWidth: 480,
          aspectRatio: '4 / 3',
          bgcolor: 'grey.900',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        <Box
          component="video"
          ref={videoRef}
          muted
          playsInline
          aria-label={t('qrCode.videoLabel')}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
        {state.phase === 'starting' && (
          <CircularProgress
            aria-label={t('qrCode.starting')}
            sx={{ position: 'absolute', top: '50%', left: '50%', mt: '-20px', ml: '-20px' }}
          />
        )}
      </Box>
      <Typography role="status" color="text.secondary">
        {state.phase === 'starting'
          ? t('qrCode.starting')
          : state.phase === 'scanning'
            ? t('qrCode.scanning')
            : ''}
      </Typography>
      <Paper variant="outlined" component="section" aria-labelledby="qr-code-result" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Typography id="qr-code-result" component="h2" variant="h6">
            {t('qrCode.decoded')}
          </Typography>
          <Typography
            component="output"
            aria-live="polite"
            sx={{
              fontFamily: 'monospace',
              fontSize: '1.125rem',
              overflowWrap: 'anywhere',
              color: code ? 'text.primary' : 'text.secondary',
            }}
          >
            {code ?? t('qrCode.noCode')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="contained" disabled={!code} onClick={addDevice}>
              {t('qrCode.addDevice')}
            </Button>
            <Button
              variant="outlined"
              disabled={!code || looking}
              onClick={() => void showDevice()}
            >
              {t('qrCode.showDevice')}
            </Button>
          </Stack>
          <AlertMessage message={lookupError} onClose={() => setLookupError(null)} />
        </Stack>
      </Paper>
    </Stack>
  );
}
