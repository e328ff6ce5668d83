import Container from '@mui/material/Container';
import type { Section } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppTopBar } from '@/components/app-top-bar';

/**
 * The frame of an application area. For now the bar with the area name, the user, the way back to
 * the chooser and logout; a later issue adds the drawer, account menu and badges (spec 000 §2).
 */
export function AreaLayout({ section }: { section: Section }) {
  const { t } = useTranslation();
  return (
    <>
      <AppTopBar title={t(`sections.${section}.name`)} showApplicationsLink />
      <Container component="main" maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
        <Outlet />
      </Container>
    </>
  );
}
