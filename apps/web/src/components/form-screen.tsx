import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header';

/** A signed-in screen that is one form: its heading, then the form on a card of readable width. */
export function FormScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <PageHeader title={title} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {children}
      </Paper>
    </Stack>
  );
}
