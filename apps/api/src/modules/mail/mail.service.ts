import { can, type OutboxQuery, type OutboxResponse } from '@vahti/domain';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../lib/errors.js';
import type { Caller } from '../auth/auth.service.js';
import { countMails, listMails } from './mail.repository.js';

export function createMailService({ db }: { db: Db }) {
  return {
    /** The outbox holds every organization's mail (reset links too): top administrator only. */
    async listOutbox(caller: Caller, query: OutboxQuery): Promise<Omit<OutboxResponse, 'message'>> {
      if (!can(caller, { do: 'readOutbox' })) throw forbidden();
      const [rows, total] = await Promise.all([
        listMails(db, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
        countMails(db),
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
