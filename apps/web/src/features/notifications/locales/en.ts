import type { notificationsFi } from './fi';

export const notificationsEn: typeof notificationsFi = {
  title: 'Notifications',
  intro:
    'Choose which alarms of the targets you are a contact person for reach you by e-mail and on your phone.',
  followingDefaults:
    'The organization’s default settings are in use. Saving makes settings of your own.',
  ownSettings: 'Your own settings are in use.',
  channels: { email: 'E-mail', push: 'Push notifications' },
  pushNote: 'Push notifications go to the devices where you have allowed them.',
  enabled: 'On',
  targets: 'Targets',
  allTargets: 'All my targets',
  chosenTargets: 'Chosen targets',
  chooseTargets: 'Choose targets',
  kinds: 'Alarm kinds',
  kind: {
    up: 'Above the upper limit',
    down: 'Below the lower limit',
    offline: 'Offline',
    lowBattery: 'Low battery',
  },
  events: 'Notify when',
  event: { opened: 'an alarm starts', closed: 'an alarm ends' },
  quietHours: 'Quiet hours',
  quietHoursHelp:
    'During quiet hours only offline devices are notified at once, the rest after them.',
  quietStart: 'Start (HH:MM)',
  quietEnd: 'End (HH:MM)',
  digest: 'A daily summary instead of single messages',
  digestHour: 'Summary time, hour (0–23)',
  escalations: 'Escalation messages of unacknowledged alarms',
  submit: 'Save',
  reset: 'Back to the organization’s defaults',
  loadFailed: 'Loading the settings failed.',
  organization: {
    title: 'Notification settings',
    intro: 'The defaults apply to every user of the organization who has no settings of their own.',
    defaults: 'Default settings',
    escalation: 'Escalation',
    escalationIntro:
      'When an alarm has not been acknowledged within the given time from its start, it also goes to the users of the chosen role. At most 3 steps per alarm kind; acknowledging stops the escalation.',
    alarmKind: 'Alarm kind',
    afterMinutes: 'After minutes',
    role: 'Role',
    addStep: 'Add a step',
    removeStep: 'Remove step {{n}}',
    noSteps: 'No escalation.',
  },
};
