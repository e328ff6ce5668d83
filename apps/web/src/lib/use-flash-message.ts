import { MESSAGE_DISPLAY_MS } from '@vahti/domain';
import { useEffect, useState } from 'react';

/**
 * A success message that hides itself after 3 s (spec 000 §8), e.g. the message of a save made in
 * an edit dialog, shown above the list once the dialog has closed.
 */
export function useFlashMessage(): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), MESSAGE_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return [message, setMessage];
}
