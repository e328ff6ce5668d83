import type { OutboxQuery, OutboxResponse } from '@vahti/domain';
import type { Caller } from '../../lib/caller.js';
import { authorize } from '../../lib/scope.js';
import type { MailRepository } from './mail.repository.js';

export function createMailService({ mails }: { mails: MailRepository }) {
  return {
    /**
     * The outbox holds every organization's mail (live reset links too): the top administrator
     * with the Hallinta permission only.
     */
    async listOutbox(caller: Caller, query: OutboxQuery): Promise<Omit<OutboxResponse, 'message'>> {
      const scope = authorize(caller, { do: 'readOutbox' }, { do: 'administer' });
      const [rows, total] = await Promise.all([
        mails.list(scope, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
        mails.count(scope),
      ]);
      return {
        mails: rows.map((row) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
        })),
        total,
      };
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
