import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { materialbankKeys } from './materialbank-keys';
import { fetchMaterialbankPreview } from './open-materialbank-file';

/**
 * GET /api/materialbank-file-preview?file=: the preview as an object URL, fetched once `enabled`
 * (the thumbnail is on screen) and let go when the component goes.
 */
export function useFilePreview(file: string, enabled: boolean) {
  const preview = useQuery({
    queryKey: materialbankKeys.preview(file),
    queryFn: () => fetchMaterialbankPreview(file),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!preview.data) return undefined;
    const objectUrl = URL.createObjectURL(preview.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [preview.data]);
  return { url, failed: preview.isError };
}
