import { useTranslation } from 'react-i18next';
import { CopyableSecret } from '@/components/copyable-secret';

/** The key just created: shown this once, with a copy button. */
export function CreatedKeyPanel({ ingestKey }: { ingestKey: string }) {
  const { t } = useTranslation();
  return (
    <CopyableSecret
      label={t('ingestKeys.key')}
      hint={t('ingestKeys.keyHint')}
      value={ingestKey}
      texts={{
        copy: t('ingestKeys.copy'),
        copied: t('ingestKeys.copied'),
        copyUnavailable: t('ingestKeys.copyUnavailable'),
      }}
    />
  );
}
