import { SECTION_PATH, SECTIONS, type Section } from '@vahti/domain';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingFallback } from '@/components/loading-fallback';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { isPublicPath, loginPathFor } from '@/lib/redirect';
import { signOut } from '@/lib/session';
import { RequireAuth, RequireSection } from './route-guards';
import { RouteErrorPage } from './routes/route-error-page';
import { SECTION_PAGES } from './section-pages';

// Every screen is loaded on demand, so the login screen downloads only what it needs.
const loginRoute = async () => ({
  Component: (await import('@/features/auth/routes/login-route')).LoginRoute,
});
const notFoundRoute = async () => ({
  Component: (await import('./routes/not-found-page')).NotFoundPage,
});
const comingSoon = (name: keyof typeof import('@/features/auth/routes/coming-soon-routes')) => {
  return async () => ({
    Component: (await import('@/features/auth/routes/coming-soon-routes'))[name],
  });
};

function sectionRoute(section: Section): RouteObject {
  const sectionPage = (dashboard: boolean) => async () => {
    const { SectionPage } = await import('./routes/section-page');
    return { element: <SectionPage section={section} dashboard={dashboard} /> };
  };
  return {
    path: SECTION_PATH[section].slice(1),
    element: <RequireSection section={section} />,
    children: [
      {
        lazy: async () => {
          const { AreaLayout } = await import('./layouts/area-layout');
          return { element: <AreaLayout section={section} /> };
        },
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          { path: 'dashboard', lazy: sectionPage(true) },
          ...SECTION_PAGES[section].map((path) => ({ path, lazy: sectionPage(false) })),
        ],
      },
      { path: '*', lazy: notFoundRoute },
    ],
  };
}

export const routes: RouteObject[] = [
  {
    HydrateFallback: LoadingFallback,
    ErrorBoundary: RouteErrorPage,
    children: [
      { index: true, lazy: loginRoute },
      { path: 'login', lazy: loginRoute },
      { path: 'user-register', lazy: comingSoon('UserRegisterRoute') },
      { path: 'forgot-password', lazy: comingSoon('ForgotPasswordRoute') },
      { path: 'change-password', lazy: comingSoon('ChangePasswordRoute') },
      { path: 'not-found', lazy: notFoundRoute },
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'main',
            lazy: async () => ({
              Component: (await import('@/features/main/routes/main-route')).MainRoute,
            }),
          },
          { path: 'edit-user-information', lazy: comingSoon('EditUserInformationRoute') },
        ],
      },
      ...SECTIONS.map(sectionRoute),
      { path: '*', lazy: notFoundRoute },
    ],
  },
];

export const router = createHashRouter(routes);

// The API rejected the session (expired, revoked, or a call the role may not make): forget it
// and everything fetched with it, then ask for a sign-in that leads back to this screen.
setUnauthorizedHandler(() => {
  signOut('expired');
  queryClient.clear();
  const { pathname, search } = router.state.location;
  if (!isPublicPath(pathname)) void router.navigate(loginPathFor(`${pathname}${search}`));
});
