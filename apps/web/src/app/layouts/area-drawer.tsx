import AppsIcon from '@mui/icons-material/Apps';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { alpha, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useChoosesApplication, useSession } from '@/lib/session';
import type { NavGroup } from '../screens';

interface AreaDrawerProps {
  /** The area's URL prefix, e.g. "/admin". */
  base: string;
  groups: NavGroup[];
  /** Phone: the drawer is a pop-over; it closes after a choice and offers the top bar's links. */
  onClose?: () => void;
}

const linkSx = {
  borderRadius: 1,
  mx: 1,
  '&[aria-current="page"]': {
    bgcolor: (theme: Theme) => alpha(theme.palette.primary.main, 0.1),
    color: 'primary.main',
    '& .MuiListItemText-primary': { fontWeight: 700 },
  },
} as const;

function DrawerLink({
  to,
  end,
  icon,
  children,
  onClick,
}: {
  to: string;
  end?: boolean;
  icon?: ReactNode;
  children: string;
  onClick?: () => void;
}) {
  return (
    <ListItem disablePadding>
      <ListItemButton component={NavLink} to={to} end={end} onClick={onClick} sx={linkSx}>
        {icon && <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>{icon}</ListItemIcon>}
        <ListItemText primary={children} />
      </ListItemButton>
    </ListItem>
  );
}

/** The side drawer of an area: who is signed in (organization, e-mail) and the area's menu. */
export function AreaDrawer({ base, groups, onClose }: AreaDrawerProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const choosesApplication = useChoosesApplication();
  return (
    <Box component="aside" aria-label={t('area.userPanel')} sx={{ pb: 2 }}>
      <Box sx={{ px: 2, py: 2 }}>
        <Typography component="p" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {user?.Organization.organizationName}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {user?.userEmail}
        </Typography>
        {onClose && (
          <Button variant="outlined" size="small" onClick={onClose} sx={{ mt: 1.5 }}>
            {t('area.closeMenu')}
          </Button>
        )}
      </Box>
      <Divider />
      <Box component="nav" aria-label={t('area.sideNavigation')}>
        <List dense>
          <DrawerLink to={`${base}/dashboard`} end icon={<HomeOutlinedIcon />} onClick={onClose}>
            {t('nav.home')}
          </DrawerLink>
        </List>
        {groups.map((group) => (
          <List
            key={group.label}
            dense
            subheader={
              <ListSubheader sx={{ lineHeight: 2.5, bgcolor: 'transparent', position: 'static' }}>
                {t(group.label)}
              </ListSubheader>
            }
          >
            {group.links.map((link) => (
              <DrawerLink key={link.path} to={`${base}/${link.path}`} onClick={onClose}>
                {t(link.label)}
              </DrawerLink>
            ))}
          </List>
        ))}
        {onClose && choosesApplication && (
          <>
            <Divider sx={{ my: 1 }} />
            <List dense>
              <DrawerLink to="/main" icon={<AppsIcon />} onClick={onClose}>
                {t('area.applications')}
              </DrawerLink>
            </List>
          </>
        )}
      </Box>
    </Box>
  );
}
