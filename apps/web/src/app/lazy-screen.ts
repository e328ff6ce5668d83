import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { addFinnishTexts } from '@/lib/i18n';
import type { WebMessages } from '@/locales/fi';

export type Lazy = NonNullable<RouteObject['lazy']>;

/** A feature's Finnish screen texts, loaded with its screens rather than with the first page. */
export type Texts = () => Promise<Partial<WebMessages>>;

/** The signed-in frame's and shared components' texts: with the signed-in frames. */
export const signedInTexts: Texts = async () => (await import('@/locales/fi-signed-in')).signedInFi;

/** The account's texts: its screens are in every area and outside them (app/router.tsx). */
export const accountTexts: Texts = async () => ({
  account: (await import('@/features/account/locales/fi')).accountFi,
});

/** The application chooser's texts (/main, app/router.tsx). */
export const mainTexts: Texts = async () => ({
  main: (await import('@/features/main/locales/fi')).mainFi,
});

export const loadTexts = (features: Texts[]) =>
  Promise.all(features.map(async (load) => addFinnishTexts(await load())));

// Every screen but the login screen is loaded on demand, so the login screen downloads only what
// it needs. The login screen itself is part of the entry: the first page of most visits, its
// code then loads in parallel with the entry instead of after it (one round trip less on a
// phone network; see docs/performance.md).
/** The names a module exports its components under. */
type ComponentName<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M];

/** A screen's component (a module's named export) and the texts it needs, loaded together. */
export const screen =
  <M, K extends ComponentName<M>>(load: () => Promise<M>, name: K, ...features: Texts[]): Lazy =>
  async () => {
    const [module] = await Promise.all([load(), loadTexts(features)]);
    return { Component: module[name] as ComponentType };
  };

export const notFoundRoute = screen(() => import('./routes/not-found-page'), 'NotFoundPage');
export const ownDetailsRoute = screen(
  () => import('@/features/account/routes/own-details-route'),
  'OwnDetailsRoute',
  accountTexts,
);
