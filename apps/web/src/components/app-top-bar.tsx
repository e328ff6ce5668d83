import AppsIcon from '@mui/icons-material/Apps';
import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { signOut, useSession } from '@/lib/session';

interface AppTopBarProps {
  title: string;
  /** Adds the "Sovellukset" link back to the application chooser. */
  showApplicationsLink?: boolean;
}

/** The bar above every signed-in screen: where the user is, who they are, and the way out. */
export function AppTopBar({ title, showApplicationsLink = false }: AppTopBarProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const handleLogout = () => {
    signOut('logout');
    // Nothing fetched for this user may show up for the next one.
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <AppBar position="static" elevation={0}>
      <Toolbar sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, py: 1 }}>
        <Typography component="p" variant="h6" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        {user && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {user.userEmail}
          </Typography>
        )}
        <Stack
          direction="row"
          spacing={1}
          sx={{ '& .Mui-focusVisible': { outlineColor: 'common.white', outlineOffset: 0 } }}
        >
          {showApplicationsLink && (
            <Button color="inherit" component={RouterLink} to="/main" startIcon={<AppsIcon />}>
              {t('area.applications')}
            </Button>
          )}
          <Button color="inherit" onClick={handleLogout} startIcon={<LogoutIcon />}>
            {t('area.logout')}
          </Button>
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
