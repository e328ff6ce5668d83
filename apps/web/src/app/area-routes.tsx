import { SECTION_PATH, type Section } from '@vahti/domain';
import { Navigate, type RouteObject } from 'react-router';
import { loadTexts, notFoundRoute, signedInTexts } from './lazy-screen';
import { RequireAccess, RequireSection } from './route-guards';
import { AREA_SCREENS, texts } from './screens';

/**
 * An area's routes (Tieto, Vainu, Materiaalipankki, Hallinta), derived from its screen table
 * (screens.ts): a screen with an access rule sits behind that rule. This module is a chunk of its
 * own, added to the router on the first visit to the area (router.tsx), so the first page does
 * not carry the table.
 */
export function sectionRoute(section: Section): RouteObject {
  return {
    path: SECTION_PATH[section].slice(1),
    element: <RequireSection section={section} />,
    children: [
      {
        lazy: async () => {
          // The frame: its texts, the alarm badge, the messages tab and (Hallinta) the ingest-key menu.
          const [{ AreaLayout }] = await Promise.all([
            import('./layouts/area-layout'),
            loadTexts([signedInTexts, texts.alarms, texts.feedback, texts.ingestKeys]),
          ]);
          return { element: <AreaLayout section={section} /> };
        },
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          ...AREA_SCREENS[section].map(({ path, component, access }): RouteObject => {
            const route = { path, lazy: component };
            return access
              ? { element: <RequireAccess access={access} />, children: [route] }
              : route;
          }),
        ],
      },
      { path: '*', lazy: notFoundRoute },
    ],
  };
}
