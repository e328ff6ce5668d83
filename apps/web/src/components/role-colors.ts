import type { Theme } from '@mui/material/styles';
import { ROLES, type Role } from '@vahti/domain';

/** Each role's colour, shared by the doughnut and the list that names the numbers (its legend). */
export function roleColors(theme: Theme): Record<Role, string> {
  const colors = [
    theme.palette.info.main,
    theme.palette.success.main,
    theme.palette.warning.main,
    theme.palette.primary.dark,
  ];
  return Object.fromEntries(ROLES.map((role, index) => [role, colors[index]])) as Record<
    Role,
    string
  >;
}
