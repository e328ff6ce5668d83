import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMenuButton } from '@/components/use-menu-button';
import type { NavGroup } from '../screens';

/** One group of the area's menu as a button that opens its links. */
function GroupMenu({ base, group }: { base: string; group: NavGroup }) {
  const { t } = useTranslation();
  const { buttonProps, menuProps, close } = useMenuButton();
  return (
    <>
      <Button
        {...buttonProps}
        color="inherit"
        endIcon={<ExpandMoreIcon />}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {t(group.label)}
      </Button>
      <Menu {...menuProps}>
        {group.links.map((link) => (
          <MenuItem
            key={link.path}
            component={RouterLink}
            to={`${base}/${link.path}`}
            onClick={close}
          >
            {t(link.label)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * The area's menu in a wide top bar: one drop-down per group. The drawer beside it lists the same
 * screens as links, so every link exists once on the page.
 */
export function TopBarNavigation({ base, groups }: { base: string; groups: NavGroup[] }) {
  const { t } = useTranslation();
  if (groups.length === 0) return null;
  return (
    <Box
      component="nav"
      aria-label={t('area.topNavigation')}
      sx={{ display: 'flex', gap: 0.5, ml: 2 }}
    >
      {groups.map((group) => (
        <GroupMenu key={group.label} base={base} group={group} />
      ))}
    </Box>
  );
}
