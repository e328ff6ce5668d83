import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { allowedSections, SECTION_PATH } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AppTopBar } from '@/components/app-top-bar';
import { MAIN_CONTENT_ID, SkipToContent } from '@/components/skip-to-content';
import { toActor, useSession } from '@/lib/session';

/**
 * The neutral frame of the signed-in screens outside the areas (/main, /edit-user-information):
 * the top bar with the account menu, without an area's drawer.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const actor = toActor(useSession());
  const { pathname } = useLocation();
  // The own password change lives in each area; outside them, the user's first area's one.
  const [firstSection] = actor ? allowedSections(actor) : [];
  return (
    <>
      <SkipToContent />
      <AppTopBar
        title={t('app.name')}
        showApplicationsLink={pathname !== '/main'}
        showUserEmail
        changePasswordPath={firstSection ? `${SECTION_PATH[firstSection]}/change-password` : null}
      />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ '&:focus': { outline: 0 } }}>
        <Container maxWidth="md" sx={{ py: { xs: 3, sm: 6 } }}>
          <Outlet />
        </Container>
      </Box>
    </>
  );
}
