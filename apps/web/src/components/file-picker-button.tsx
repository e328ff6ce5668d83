import Button from '@mui/material/Button';
import { type ChangeEvent, type ReactNode, useRef } from 'react';

interface FilePickerButtonProps {
  /** The types the browser's file dialog offers, e.g. 'image/jpeg'. */
  accept: string;
  icon: ReactNode;
  disabled?: boolean;
  /** The id of the hint under the button (types and size). */
  describedBy?: string;
  /** The chosen file; the input is emptied, so the same file can be chosen again. */
  onFile: (file: File) => void;
  children: ReactNode;
}

/** A button that opens the browser's file dialog for one file (its input stays hidden). */
export function FilePickerButton({
  accept,
  icon,
  disabled,
  describedBy,
  onFile,
  children,
}: FilePickerButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={icon}
        onClick={() => input.current?.click()}
        disabled={disabled}
        aria-describedby={describedBy}
      >
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        tabIndex={-1}
        aria-hidden
        onChange={handleFile}
      />
    </>
  );
}
