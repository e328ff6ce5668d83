import { SECTION_PATH, SECTIONS, type Section } from '@vahti/domain';
import { createHashRouter, type RouteObject } from 'react-router';
import { LoadingFallback } from '@/components/loading-fallback';
import { LoginRoute } from '@/features/auth/routes/login-route';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { isPublicPath, loginPathFor } from '@/lib/redirect';
import { signOut } from '@/lib/session';
import { mainTexts, notFoundRoute, ownDetailsRoute, screen, signedInTexts } from './lazy-screen';
import { RequireAuth } from './route-guards';
import { RouteErrorPage } from './routes/route-error-page';

const ROOT = 'root';

export const routes: RouteObject[] = [
  {
    id: ROOT,
    HydrateFallback: LoadingFallback,
    ErrorBoundary: RouteErrorPage,
    children: [
      { index: true, Component: LoginRoute },
      { path: 'login', Component: LoginRoute },
      {
        path: 'user-register',
        lazy: screen(
          () => import('@/features/auth/routes/user-register-route'),
          'UserRegisterRoute',
        ),
      },
      {
        path: 'forgot-password',
        lazy: screen(
          () => import('@/features/auth/routes/forgot-password-route'),
          'ForgotPasswordRoute',
        ),
      },
      {
        path: 'change-password',
        lazy: screen(
          () => import('@/features/auth/routes/change-password-route'),
          'ChangePasswordRoute',
        ),
      },
      { path: 'not-found', lazy: notFoundRoute },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: screen(() => import('./layouts/root-layout'), 'RootLayout', signedInTexts),
            children: [
              {
                path: 'main',
                lazy: screen(
                  () => import('@/features/main/routes/main-route'),
                  'MainRoute',
                  mainTexts,
                ),
              },
              { path: 'edit-user-information', lazy: ownDetailsRoute },
            ],
          },
        ],
      },
      { path: '*', lazy: notFoundRoute },
    ],
  },
];

/** The area whose routes a path is under, if any. */
const areaOf = (path: string) =>
  SECTIONS.find(
    (section) => path === SECTION_PATH[section] || path.startsWith(`${SECTION_PATH[section]}/`),
  );

const patchedAreas = new Set<Section>();

export const router = createHashRouter(routes, {
  // An area's routes join the table on the first visit to it (area-routes.tsx): until then its
  // paths match nothing but the catch-all, which makes the router ask here first.
  async patchRoutesOnNavigation({ path, patch }) {
    const section = areaOf(path);
    if (!section || patchedAreas.has(section)) return;
    const { sectionRoute } = await import('./area-routes');
    if (patchedAreas.has(section)) return;
    patchedAreas.add(section);
    patch(ROOT, [sectionRoute(section)]);
  },
});

// The API rejected the session (expired, revoked, or a call the role may not make): forget it
// and everything fetched with it, then ask for a sign-in that leads back to this screen.
setUnauthorizedHandler(() => {
  signOut('expired');
  queryClient.clear();
  const { pathname, search } = router.state.location;
  if (!isPublicPath(pathname)) void router.navigate(loginPathFor(`${pathname}${search}`));
});
