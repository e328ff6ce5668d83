import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { allowedSections, SECTION_HOME } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';
import { toActor, useSession } from '@/lib/session';
import { ApplicationCard } from '../components/application-card';

/** /main: the applications the user's permissions open; one permission goes straight there. */
export function MainRoute() {
  const { t } = useTranslation();
  const actor = toActor(useSession());
  const sections = actor ? allowedSections(actor) : [];
  useDocumentTitle(t('main.title'));

  const [only] = sections;
  if (only && sections.length === 1) return <Navigate to={SECTION_HOME[only]} replace />;

  return (
    <>
      <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
        {t('main.title')}
      </Typography>
      {sections.length === 0 ? (
        <Alert severity="info" role="status">
          {t('main.noApplications')}
        </Alert>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {sections.map((section) => (
            <ApplicationCard key={section} section={section} />
          ))}
        </Box>
      )}
    </>
  );
}
