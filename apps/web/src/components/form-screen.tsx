import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/document-title';

/** A signed-in screen that is one form: its heading, then the form on a card of readable width. */
export function FormScreen({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {children}
      </Paper>
    </Stack>
  );
}
