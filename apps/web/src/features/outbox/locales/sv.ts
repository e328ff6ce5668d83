import type { outboxFi } from './fi';

export const outboxSv: typeof outboxFi = {
  title: 'Utgående meddelanden',
  intro:
    'E-post som tjänsten har skickat eller sparat bland utgående. Utan SMTP-server stannar meddelandena här för att läsas.',
  tableLabel: 'Utgående meddelanden',
  to: 'Mottagare',
  subject: 'Ämne',
  status: 'Status',
  attempts: 'Försök',
  created: 'Skapad',
  sent: 'Skickad',
  show: 'Visa',
  showMail: 'Visa meddelande: {{subject}}',
  lastError: 'Senaste fel',
  statuses: {
    queued: 'I kö',
    sent: 'Skickad',
    failed: 'Misslyckades',
    outbox: 'Sparad bland utgående',
  },
};
