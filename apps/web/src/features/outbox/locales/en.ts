import type { outboxFi } from './fi';

export const outboxEn: typeof outboxFi = {
  title: 'Outgoing mail',
  intro:
    'Mail the service has sent or stored in its outbox. Without an SMTP server, mail stays here to be read.',
  tableLabel: 'Outgoing mail',
  to: 'Recipient',
  subject: 'Subject',
  status: 'Status',
  attempts: 'Attempts',
  created: 'Created',
  sent: 'Sent',
  show: 'Show',
  showMail: 'Show message: {{subject}}',
  lastError: 'Last error',
  statuses: {
    queued: 'Queued',
    sent: 'Sent',
    failed: 'Failed',
    outbox: 'Stored in outbox',
  },
};
