import type { Section } from '@vahti/domain';

/**
 * The sub-routes of each application area still to be built (spec 000 §2): each renders a
 * "coming" page until its issue builds the screen and moves it to the router's AREA_SCREENS.
 * `dashboard` and `change-password` are routed for every area; anything else is not found.
 */
export const SECTION_PAGES: Record<Section, readonly string[]> = {
  tieto: [],
  vainu: [],
  materiaalipankki: [],
  hallinta: [],
};
