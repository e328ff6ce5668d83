import { fiFI } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';

// System fonts only: the Content-Security-Policy allows no font hosts, and nothing to download
// keeps the first paint fast on phones.
const SYSTEM_FONTS = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
].join(',');

/** Vahti's calm blue: 7.3:1 against white, so text and focus rings pass WCAG AA. */
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#0b5d7a' },
      secondary: { main: '#5b4b8a' },
      background: { default: '#f4f7f9' },
    },
    typography: { fontFamily: SYSTEM_FONTS, button: { textTransform: 'none', fontWeight: 600 } },
    shape: { borderRadius: 8 },
    components: {
      // A clear ring on keyboard focus; the ripple alone is too faint to see where focus is. Also
      // by CSS alone (:focus-visible, :focus-within), for the static login card in index.html,
      // which a visitor uses before the JavaScript that sets MUI's focus classes has arrived.
      MuiButtonBase: {
        styleOverrides: {
          root: {
            '&.Mui-focusVisible, &:focus-visible': {
              outline: '3px solid #0b5d7a',
              outlineOffset: 2,
            },
          },
        },
      },
      MuiOutlinedInput: {
        styleOverrides: {
          root: {
            '&:focus-within .MuiOutlinedInput-notchedOutline': {
              borderColor: '#0b5d7a',
              borderWidth: 2,
            },
          },
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true } },
    },
  },
  fiFI,
);
