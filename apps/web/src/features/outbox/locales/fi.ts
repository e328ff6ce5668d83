/** Finnish texts of the outbox (Hallinta, Pääylläpitäjä). */
export const outboxFi = {
  title: 'Lähtevät viestit',
  intro:
    'Sähköpostit, jotka palvelu on lähettänyt tai tallentanut lähteviin. Ilman SMTP-palvelinta viestit jäävät tänne luettaviksi.',
  tableLabel: 'Lähtevät viestit',
  to: 'Vastaanottaja',
  subject: 'Aihe',
  status: 'Tila',
  attempts: 'Yritykset',
  created: 'Luotu',
  sent: 'Lähetetty',
  show: 'Näytä',
  showMail: 'Näytä viesti: {{subject}}',
  lastError: 'Viimeisin virhe',
  statuses: {
    queued: 'Jonossa',
    sent: 'Lähetetty',
    failed: 'Epäonnistui',
    outbox: 'Tallennettu lähteviin',
  },
};
