import type { notificationsFi } from './fi';

export const notificationsSv: typeof notificationsFi = {
  title: 'Aviseringar',
  intro:
    'Välj vilka larm i objekt där du är kontaktperson som når dig per e-post och på telefonen.',
  followingDefaults:
    'Organisationens standardinställningar används. När du sparar får du egna inställningar.',
  ownSettings: 'Dina egna inställningar används.',
  channels: { email: 'E-post', push: 'Pushaviseringar' },
  pushNote: 'Pushaviseringar går till de enheter där du har tillåtit dem.',
  enabled: 'På',
  targets: 'Objekt',
  allTargets: 'Alla mina objekt',
  chosenTargets: 'Valda objekt',
  chooseTargets: 'Välj objekt',
  kinds: 'Larmtyper',
  kind: {
    up: 'Över den övre gränsen',
    down: 'Under den nedre gränsen',
    offline: 'Ingen förbindelse',
    lowBattery: 'Svagt batteri',
  },
  events: 'Avisera när',
  event: { opened: 'ett larm börjar', closed: 'ett larm upphör' },
  quietHours: 'Tysta timmar',
  quietHoursHelp:
    'Under tysta timmar aviseras bara avbrott i förbindelsen genast, övriga efter dem.',
  quietStart: 'Börjar (TT:MM)',
  quietEnd: 'Slutar (TT:MM)',
  digest: 'En daglig sammanfattning i stället för enskilda meddelanden',
  digestHour: 'Sammanfattningens klockslag, timme (0–23)',
  escalations: 'Eskaleringsmeddelanden om okvitterade larm',
  submit: 'Spara',
  reset: 'Återgå till organisationens standard',
  loadFailed: 'Det gick inte att ladda inställningarna.',
  organization: {
    title: 'Aviseringsinställningar',
    intro:
      'Standardinställningarna gäller alla användare i organisationen som inte har egna inställningar.',
    defaults: 'Standardinställningar',
    escalation: 'Eskalering',
    escalationIntro:
      'När ett larm inte har kvitterats inom den angivna tiden från att det började skickas det också till användarna med den valda rollen. Högst 3 steg per larmtyp; en kvittering stoppar eskaleringen.',
    alarmKind: 'Larmtyp',
    afterMinutes: 'Efter minuter',
    role: 'Roll',
    addStep: 'Lägg till ett steg',
    removeStep: 'Ta bort steg {{n}}',
    noSteps: 'Ingen eskalering.',
  },
};
