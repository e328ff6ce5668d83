import type { TietoCounts } from '@vahti/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DoughnutCard } from '@/components/doughnut-card';

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
  const slices = useMemo(
    () =>
      KINDS.map((kind) => ({
        name: t(`tietoDashboard.${kind}`),
        value: counts[kind],
        color: COLORS[kind],
      })),
    [counts, t],
  );
  return (
    <DoughnutCard
      title={name}
      subtitle={`${address}, ${zipCode} ${postalDistrict}`}
      headingLevel={headingLevel}
      slices={slices}
      centerText={t('tietoDashboard.users', { count: counts.users })}
      chart="tieto-counts"
      extra={`${t('tietoDashboard.usersLabel')}: ${counts.users}`}
    />
  );
}
