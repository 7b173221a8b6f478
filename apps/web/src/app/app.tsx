import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './providers';
import { routes } from './router';

// The data router, for its blocker: offline mode asks before any navigation away from the inventory.
const router = createBrowserRouter(routes);

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
