import type { Section } from '@vahti/domain';

/**
 * The sub-routes of each application area still to be built (spec 000 §2): each renders a
 * "coming" page until its issue builds the screen and moves it to the router's AREA_SCREENS.
 * `dashboard` and `change-password` are routed for every area; anything else is not found.
 */
export const SECTION_PAGES: Record<Section, readonly string[]> = {
  tieto: [
    'discussions',
    'show-survey-form',
    'show-survey-results',
    'show-materialbank-files',
    'add-feedback',
    'show-feedbacks',
    'add-new-query',
    'show-queries',
    'add-new-question-group',
    'show-question-groups',
    'add-new-question',
    'show-questions',
    'add-discussion',
    'show-discussions',
    'current-discussions',
    'add-new-comment',
    'show-sub-comments',
    'add-new-sub-comment',
  ],
  vainu: [
    'show-alarms',
    'sensor-data',
    'sensor-data/chart',
    'show-materialbank-files-vainu',
    'show-sensors',
    'qr-code',
  ],
  materiaalipankki: ['add-new-materialbank-file', 'show-materialbank-files'],
  hallinta: [],
};
