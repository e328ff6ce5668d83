import { useEffect, useMemo, useState } from 'react';
import { useTargets } from '@/api/get-targets';
import { useSession } from '@/lib/session';

const STORAGE_KEY = 'vahti.tieto.activeTarget';

function stored(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The active target of Tieto: the user's first target (spec 000 §4) until they pick another,
 * kept for the browser tab's session.
 */
export function useActiveTarget() {
  const { user } = useSession();
  const targets = useTargets();
  const [chosen, setChosen] = useState<string | null>(stored);
  const list = targets.data ?? [];
  const activeId = useMemo(() => {
    const known = new Set(list.map((target) => target.targetId));
    if (chosen && known.has(chosen)) return chosen;
    const first = user?.UserTargets.find((link) => known.has(link.targetId));
    return first?.targetId ?? list[0]?.targetId ?? null;
  }, [chosen, list, user]);
  useEffect(() => {
    try {
      if (chosen) window.sessionStorage.setItem(STORAGE_KEY, chosen);
    } catch {
      // Storage blocked: the choice lasts until the page reloads.
    }
  }, [chosen]);
  return { targets, list, activeId, choose: setChosen };
}
