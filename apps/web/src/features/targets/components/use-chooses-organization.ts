import { can } from '@vahti/domain';
import { toActor, useSession } from '@/lib/session';

/** Only the top administrator picks the organization in forms (spec 000 §6). */
export function useChoosesOrganization(): boolean {
  const actor = toActor(useSession());
  return actor !== null && can(actor, { do: 'crossOrganizations' });
}
