import AppsIcon from '@mui/icons-material/Apps';
import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { forgetPushBrowser } from '@/api/forget-push-browser';
import { revokeSession } from '@/api/revoke-session';
import { signOut, useChoosesApplication, useSession } from '@/lib/session';
import { AccountMenu } from './account-menu';
import { SiteInfoButton } from './site-info-dialog';

const EDIT_OWN_DETAILS_PATH = '/edit-user-information';

interface AppTopBarProps {
  title: string;
  /** Phone: the button that opens the area's drawer, before the title. */
  menuButton?: ReactNode;
  /** Desktop: the area's navigation menus, after the title. */
  navigation?: ReactNode;
  /** Slots for later issues: the active-alarm badge (Hallinta, Vainu) and Tieto's 'Viestit' tab. */
  alarmBadge?: ReactNode;
  messagesTab?: ReactNode;
  /** Adds the "Sovellukset" link back to the application chooser (for a user with several). */
  showApplicationsLink?: boolean;
  /** Shows the user's e-mail on a wide screen (the frames without a drawer). */
  showUserEmail?: boolean;
  /** Where the account menu's "Vaihda salasana" leads; null leaves the item out. */
  changePasswordPath: string | null;
  /** `fixed` in an area's frame; `static` above a screen without a drawer. */
  position?: 'fixed' | 'static';
  /** Keeps the bar above a permanent drawer (which then starts below it). */
  aboveDrawer?: boolean;
}

/**
 * The bar above every signed-in screen (spec 000 §2): where the user is, the account menu, the
 * site information, the way back to the applications and logout. Below `md` the texts turn into
 * icon buttons with the same accessible names.
 */
export function AppTopBar({
  title,
  menuButton,
  navigation,
  alarmBadge,
  messagesTab,
  showApplicationsLink = false,
  showUserEmail = false,
  changePasswordPath,
  position = 'static',
  aboveDrawer = false,
}: AppTopBarProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { user } = useSession();
  const choosesApplication = useChoosesApplication();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const handleLogout = async () => {
    // This browser stops getting the user's notifications while the token still works (at most
    // a few seconds' wait, and none without a subscription)...
    await Promise.race([
      forgetPushBrowser().catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
    // ...then the token is revoked on the server too; the user is signed out here whatever it
    // answers.
    revokeSession().catch(() => undefined);
    signOut('logout');
    // Nothing fetched for this user may show up for the next one.
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  const applications = t('area.applications');
  const logout = t('area.logout');

  return (
    <AppBar
      position={position}
      elevation={0}
      sx={aboveDrawer ? { zIndex: theme.zIndex.drawer + 1 } : undefined}
    >
      <Toolbar
        sx={{
          gap: { xs: 0.5, md: 1.5 },
          px: { xs: 1, sm: 2 },
          '& .Mui-focusVisible': { outlineColor: 'common.white', outlineOffset: 0 },
        }}
      >
        {menuButton}
        {/* A phone has room for 'Materiaalipankki' only on two lines: wrapped, never cut. */}
        <Typography
          component="p"
          variant="h6"
          noWrap={!compact}
          sx={{
            fontWeight: 600,
            flexShrink: 1,
            minWidth: 0,
            ml: menuButton ? 0 : 1,
            ...(compact && {
              fontSize: '1rem',
              lineHeight: 1.2,
              hyphens: 'auto',
              overflowWrap: 'anywhere',
            }),
          }}
        >
          {title}
        </Typography>
        {navigation}
        <Box sx={{ flexGrow: 1 }} />
        {messagesTab}
        {alarmBadge}
        {showUserEmail && user && !compact && (
          <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
            {user.userEmail}
          </Typography>
        )}
        <SiteInfoButton />
        <AccountMenu
          changePasswordPath={changePasswordPath}
          editDetailsPath={EDIT_OWN_DETAILS_PATH}
        />
        {showApplicationsLink &&
          choosesApplication &&
          (compact ? (
            <Tooltip title={applications}>
              <IconButton
                color="inherit"
                component={RouterLink}
                to="/main"
                aria-label={applications}
              >
                <AppsIcon />
              </IconButton>
            </Tooltip>
          ) : (
            <Button color="inherit" component={RouterLink} to="/main" startIcon={<AppsIcon />}>
              {applications}
            </Button>
          ))}
        {compact ? (
          <Tooltip title={logout}>
            <IconButton color="inherit" onClick={handleLogout} aria-label={logout}>
              <LogoutIcon />
            </IconButton>
          </Tooltip>
        ) : (
          <Button color="inherit" onClick={handleLogout} startIcon={<LogoutIcon />}>
            {logout}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
