import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SECTION_PATH, type Section } from '@vahti/domain';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppTopBar } from '@/components/app-top-bar';
import { MAIN_CONTENT_ID, SkipToContent } from '@/components/skip-to-content';
import { AlarmBadge } from '@/features/alarms/components/alarm-badge';
import { MessagesTab } from '@/features/feedback/components/messages-tab';
import { toActor, useSession } from '@/lib/session';
import { visibleNavigation } from '../screens';
import { AreaDrawer } from './area-drawer';
import { TopBarNavigation } from './top-bar-navigation';

const DRAWER_WIDTH = 264;

/**
 * Places later issues fill in the top bar (spec 000 §2): the active-alarm badge of Hallinta and
 * Vainu, and Tieto's 'Viestit' tab with its new-feedback count (Pääylläpitäjä, Pääkäyttäjä).
 */
const AREA_SLOTS: Record<Section, { alarmBadge?: ReactNode; messagesTab?: ReactNode }> = {
  hallinta: { alarmBadge: <AlarmBadge /> },
  vainu: { alarmBadge: <AlarmBadge /> },
  tieto: { messagesTab: <MessagesTab /> },
  materiaalipankki: {},
};

/**
 * The common frame of an application area (spec 000 §2): the top bar, and a drawer with the
 * organization, the user's e-mail and the area's menu. From `md` up the drawer stays open beside
 * the screen; on a phone the "Valikko" button opens it over the screen. From `lg` up the top bar
 * also offers the menu's groups as drop-downs.
 */
export function AreaLayout({ section }: { section: Section }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const actor = toActor(useSession());
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();

  const base = SECTION_PATH[section];
  const groups = actor ? visibleNavigation(section, actor) : [];
  const slots = AREA_SLOTS[section];
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipToContent />
      <AppTopBar
        position="fixed"
        aboveDrawer={desktop}
        title={t(`sections.${section}.name`)}
        menuButton={
          desktop ? undefined : (
            <IconButton
              color="inherit"
              aria-label={t('area.menu')}
              aria-controls={drawerOpen ? drawerId : undefined}
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          )
        }
        navigation={wide ? <TopBarNavigation base={base} groups={groups} /> : undefined}
        alarmBadge={slots.alarmBadge}
        messagesTab={slots.messagesTab}
        showApplicationsLink={desktop}
        changePasswordPath={`${base}/change-password`}
      />
      {desktop ? (
        <Drawer
          variant="permanent"
          sx={{
            width: DRAWER_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
          }}
        >
          <Toolbar />
          <AreaDrawer base={base} groups={groups} />
        </Drawer>
      ) : (
        <Drawer
          id={drawerId}
          variant="temporary"
          open={drawerOpen}
          onClose={closeDrawer}
          slotProps={{ paper: { 'aria-label': t('area.menu') } }}
          sx={{ '& .MuiDrawer-paper': { width: `min(${DRAWER_WIDTH + 16}px, 85vw)` } }}
        >
          <AreaDrawer base={base} groups={groups} onClose={closeDrawer} />
        </Drawer>
      )}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, '&:focus': { outline: 'none' } }}
      >
        <Toolbar />
        <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
          <Outlet />
        </Container>
      </Box>
    </Box>
  );
}
