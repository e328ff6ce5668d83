import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { LoginRoute } from '@/features/auth/routes/login-route';

/**
 * The login screen as HTML, rendered by the build into index.html (vite.config.ts): a phone paints
 * it, and its visitor fills it in, before the JavaScript has arrived; React's first render takes
 * over what was typed (features/auth/static-login.ts) and replaces it in the same place. Being the
 * screen's own components, the copy cannot drift from the screen.
 */
export function renderLoginCard(): string {
  return renderToString(
    <AppProviders>
      <MemoryRouter initialEntries={['/login']}>
        <LoginRoute />
      </MemoryRouter>
    </AppProviders>,
  );
}
