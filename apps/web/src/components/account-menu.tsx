import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

interface AccountMenuProps {
  /** The own password change of the current area; without one the item is left out. */
  changePasswordPath: string | null;
  editDetailsPath: string;
}

/** The top bar's account menu 'Käyttäjätili': change password, edit own details (spec 000 §2). */
export function AccountMenu({ changePasswordPath, editDetailsPath }: AccountMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const open = Boolean(anchor);
  const close = () => setAnchor(null);
  const label = t('area.account');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          id={buttonId}
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={open ? menuId : undefined}
          aria-expanded={open}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <AccountCircleIcon />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {changePasswordPath && (
          <MenuItem component={RouterLink} to={changePasswordPath} onClick={close}>
            {t('area.changePassword')}
          </MenuItem>
        )}
        <MenuItem component={RouterLink} to={editDetailsPath} onClick={close}>
          {t('area.editOwnDetails')}
        </MenuItem>
      </Menu>
    </>
  );
}
