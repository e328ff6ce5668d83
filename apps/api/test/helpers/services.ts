import type { Db } from '../../src/db/client.js';
import { withTransactions } from '../../src/db/transactions.js';
import { systemScope } from '../../src/lib/scope.js';
import { createMailRepository } from '../../src/modules/mail/mail.repository.js';
import { createMailer } from '../../src/modules/mail/mailer.js';
import { createRegistrationCodesRepository } from '../../src/modules/registration-codes/registration-codes.repository.js';
import {
  type CreateCodeInput,
  createRegistrationCodesService,
} from '../../src/modules/registration-codes/registration-codes.service.js';
import { createTargetsRepository } from '../../src/modules/targets/targets.repository.js';

/**
 * Services built outside an app, for tests that arrange data the API has no call for (a code
 * with a past expiry) or drive a second mail worker. Codes are made as the demo data makes
 * them: a system scope of the code's own organization.
 */
export function registrationCodeService(db: Db) {
  const handle = withTransactions(db);
  const service = createRegistrationCodesService({
    codes: createRegistrationCodesRepository(handle),
    targets: createTargetsRepository(handle),
  });
  return {
    createCode: (input: CreateCodeInput) =>
      service.createCode(systemScope('seed', input.organizationId), input),
    findUsable: service.findUsable,
  };
}

/** A mail worker of its own on the database, as another API instance would run one. */
export function mailerOn(db: Db, options: Omit<Parameters<typeof createMailer>[0], 'mails'>) {
  return createMailer({ mails: createMailRepository(withTransactions(db)), ...options });
}
