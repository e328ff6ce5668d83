import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMenuButton } from './use-menu-button';

interface AccountMenuProps {
  /** The own password change of the current area; without one the item is left out. */
  changePasswordPath: string | null;
  editDetailsPath: string;
}

/** The top bar's account menu 'Käyttäjätili': change password, edit own details (spec 000 §2). */
export function AccountMenu({ changePasswordPath, editDetailsPath }: AccountMenuProps) {
  const { t } = useTranslation();
  const { buttonProps, menuProps, close } = useMenuButton();
  const label = t('area.account');
  return (
    <>
      <Tooltip title={label}>
        <IconButton {...buttonProps} color="inherit" aria-label={label}>
          <AccountCircleIcon />
        </IconButton>
      </Tooltip>
      <Menu
        {...menuProps}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
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
