import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ForumIcon from '@mui/icons-material/Forum';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import SensorsIcon from '@mui/icons-material/Sensors';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { SECTION_HOME, type Section } from '@vahti/domain';
import { type ComponentType, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

const ICONS: Record<Section, ComponentType<SvgIconProps>> = {
  tieto: ForumIcon,
  vainu: SensorsIcon,
  materiaalipankki: LibraryBooksIcon,
  hallinta: AdminPanelSettingsIcon,
};

/**
 * One application on the chooser. The link holds only the title, so its name is exactly
 * "TIETO" (its visible text, WCAG 2.5.3); a pseudo-element stretches it over the whole card.
 */
export function ApplicationCard({ section }: { section: Section }) {
  const { t } = useTranslation();
  const descriptionId = useId();
  const Icon = ICONS[section];
  return (
    <Card
      variant="outlined"
      sx={{
        position: 'relative',
        height: '100%',
        transition: 'border-color 150ms, box-shadow 150ms',
        '&:hover': { borderColor: 'primary.main', boxShadow: 2 },
        '&:has(a:focus-visible)': {
          outline: '3px solid',
          outlineColor: 'primary.main',
          outlineOffset: 2,
        },
      }}
    >
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Icon color="primary" sx={{ fontSize: 40 }} />
        <div>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            <Link
              component={RouterLink}
              to={SECTION_HOME[section]}
              aria-describedby={descriptionId}
              color="inherit"
              underline="none"
              sx={{
                '&::after': { content: '""', position: 'absolute', inset: 0 },
                '&:focus-visible': { outline: 'none' },
              }}
            >
              {t(`sections.${section}.card`)}
            </Link>
          </Typography>
          <Typography id={descriptionId} variant="body2" color="text.secondary">
            {t(`sections.${section}.description`)}
          </Typography>
        </div>
      </CardContent>
    </Card>
  );
}
