import type { feedbackFi } from './fi';

export const feedbackEn: typeof feedbackFi = {
  addTitle: 'Send feedback',
  title: 'Title',
  message: 'Message',
  target: 'Target',
  submit: 'Send feedback',
  listTitle: 'Feedback',
  state: 'State',
  sender: 'Sender',
  sent: 'Sent',
  targetFilter: 'Target',
  allTargets: 'All targets',
  editTitle: 'Edit feedback',
  editLabel: 'Edit feedback: {{name}}',
  states: { Uusi: 'New', Suljettu: 'Closed' },
  messagesTab: 'Messages',
  messagesTabLabel: 'Messages: {{count}} new feedback',
};
