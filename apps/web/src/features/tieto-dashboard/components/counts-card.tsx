import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { TietoCounts } from '@vahti/domain';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Doughnut } from '@/components/doughnut';

/** Keskustelut, Palautteet, Kyselyt: colours that read apart (and on white). */
const COLORS = { discussions: '#1565c0', feedbacks: '#ef6c00', queries: '#2e7d32' } as const;
const KINDS = ['discussions', 'feedbacks', 'queries'] as const;

interface CountsCardProps {
  name: string;
  address: string;
  zipCode: string;
  postalDistrict: string;
  counts: TietoCounts;
  headingLevel?: 2 | 3;
}

/**
 * One doughnut card of the Tieto dashboard (spec 001 §2 Tieto 1): the name and address, the
 * doughnut of discussions, feedback and surveys with the user count in the centre, and the same
 * numbers as a list (the chart's legend, and what a screen reader reads).
 */
export function CountsCard({
  name,
  address,
  zipCode,
  postalDistrict,
  counts,
  headingLevel = 2,
}: CountsCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const slices = useMemo(
    () =>
      KINDS.map((kind) => ({
        name: t(`tietoDashboard.${kind}`),
        value: counts[kind],
        color: COLORS[kind],
      })),
    [counts, t],
  );
  const centerText = t('tietoDashboard.users', { count: counts.users });
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ height: '100%' }}
    >
      <CardContent>
        <Typography id={headingId} component={`h${headingLevel}`} variant="h6">
          {name}
        </Typography>
        <Typography color="text.secondary">
          {address}, {zipCode} {postalDistrict}
        </Typography>
        <Doughnut slices={slices} centerText={centerText} chart="tieto-counts" />
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'flex',
            flexWrap: 'wrap',
            columnGap: 2,
            rowGap: 0.5,
          }}
        >
          {slices.map((slice) => (
            <Typography
              key={slice.name}
              component="li"
              variant="body2"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
            >
              <Box
                component="span"
                aria-hidden="true"
                sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: slice.color }}
              />
              {slice.name}: {slice.value}
            </Typography>
          ))}
          <Typography component="li" variant="body2">
            {t('tietoDashboard.usersLabel')}: {counts.users}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
