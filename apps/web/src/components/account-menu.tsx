import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import type { Language } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { currentLanguage, setLanguage } from '@/lib/i18n';
import { LANGUAGE_NAMES } from './language-switch';
import { useMenuButton } from './use-menu-button';

interface AccountMenuProps {
  /** The own password change of the current area; without one the item is left out. */
  changePasswordPath: string | null;
  editDetailsPath: string;
}

/**
 * The top bar's account menu 'Käyttäjätili': change password, edit own details (spec 000 §2), and
 * the interface language.
 */
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
        <Divider />
        <ListSubheader>{t('app.language')}</ListSubheader>
        {(Object.keys(LANGUAGE_NAMES) as Language[]).map((language) => (
          <MenuItem
            key={language}
            lang={language}
            role="menuitemradio"
            aria-checked={currentLanguage() === language}
            selected={currentLanguage() === language}
            onClick={() => {
              close();
              void setLanguage(language);
            }}
          >
            {LANGUAGE_NAMES[language]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
