import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

interface TableScrollProps {
  /** Names the scrollable region for screen readers (usually the table's subject). */
  label: string;
  children: ReactNode;
}

/**
 * Every table sits in this: on a narrow screen the table scrolls sideways inside it instead of
 * widening the page. The region is focusable so keyboard users can scroll it too.
 */
export function TableScroll({ label, children }: TableScrollProps) {
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        maxWidth: '100%',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </Paper>
  );
}
