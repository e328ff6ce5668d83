import Button, { type ButtonProps } from '@mui/material/Button';

interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'loading'> {
  /** The call is running: the button is disabled and shows a progress indicator. */
  pending: boolean;
}

/**
 * A form's submit button. While the call runs it is disabled and shows MUI's progress indicator,
 * which is labelled by the button, so the button keeps its name ("Tallenna") throughout.
 */
export function SubmitButton({ pending, children, ...props }: SubmitButtonProps) {
  return (
    <Button
      variant="contained"
      size="large"
      {...props}
      type="submit"
      loading={pending}
      loadingPosition="start"
      aria-busy={pending}
    >
      {children}
    </Button>
  );
}
