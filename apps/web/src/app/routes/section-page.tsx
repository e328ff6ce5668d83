import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Section } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/document-title';

interface SectionPageProps {
  section: Section;
  /** The area's front page gets its own heading; the other screens share the area name. */
  dashboard?: boolean;
}

/** Placeholder for the screens of an area until their issues build them. */
export function SectionPage({ section, dashboard = false }: SectionPageProps) {
  const { t } = useTranslation();
  const area = t(`sections.${section}.name`);
  const heading = dashboard ? t('area.home', { area }) : area;
  useDocumentTitle(heading);
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        {heading}
      </Typography>
      <Typography>{t('app.sectionComingSoon')}</Typography>
    </Stack>
  );
}
