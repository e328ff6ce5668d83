import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import { router } from './router';
import { useStoredSessionCheck } from './session-validation';

export function App() {
  useStoredSessionCheck();
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
