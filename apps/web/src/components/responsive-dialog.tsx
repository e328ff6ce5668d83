import Dialog, { type DialogProps } from '@mui/material/Dialog';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/** A dialog that fills the screen on a phone (below `sm`) and floats on larger screens. */
export function ResponsiveDialog(props: DialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return <Dialog fullScreen={fullScreen} fullWidth {...props} />;
}
