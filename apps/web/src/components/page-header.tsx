import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '@/lib/document-title';

interface PageHeaderProps {
  /** The screen's h1, also the browser tab's name. */
  title: string;
  /** A line under the heading saying what the screen is for. */
  intro?: string;
}

/** The heading of a signed-in screen, a size smaller on a phone. */
export function PageHeader({ title, intro }: PageHeaderProps) {
  useDocumentTitle(title);
  const heading = (
    <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
      {title}
    </Typography>
  );
  if (!intro) return heading;
  return (
    <Stack spacing={1}>
      {heading}
      <Typography color="text.secondary">{intro}</Typography>
    </Stack>
  );
}
