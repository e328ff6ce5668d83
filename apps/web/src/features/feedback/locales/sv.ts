import type { feedbackFi } from './fi';

export const feedbackSv: typeof feedbackFi = {
  addTitle: 'Skicka respons',
  title: 'Rubrik',
  message: 'Meddelande',
  target: 'Objekt',
  submit: 'Skicka respons',
  listTitle: 'Respons',
  state: 'Status',
  sender: 'Avsändare',
  sent: 'Skickad',
  targetFilter: 'Objekt',
  allTargets: 'Alla objekt',
  editTitle: 'Redigera respons',
  editLabel: 'Redigera respons: {{name}}',
  states: { Uusi: 'Ny', Suljettu: 'Stängd' },
  messagesTab: 'Meddelanden',
  messagesTabLabel: 'Meddelanden: {{count}} ny respons',
};
