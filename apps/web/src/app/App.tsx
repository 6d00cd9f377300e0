import { Suspense, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useLocation } from 'react-router';
import { FullPageSpinner } from '../shared/ui/FullPageSpinner';
import { isPlainPath, loadAntdRoot } from './antd-root';
import { startLoading } from './boot';
import { AppRoutes } from './router';
import { lazyScreen } from '../shared/lazy-screen';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: 1 },
  },
});
/** The first screen's code is here (app/boot.ts): main.tsx draws the app then. */
export const firstScreenLoaded = startLoading(queryClient, window.location);

// When the antd chunk cannot be fetched (no network), a way to try again instead of a blank page.
const AntdRoot = lazyScreen(loadAntdRoot, AntdRootUnavailable);

function AntdRootUnavailable(_: { children: ReactNode }) {
  return (
    <div role="alert" className="br-page-loading">
      <p>This page could not be loaded.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Try again
      </button>
    </div>
  );
}

/**
 * The sign-in page renders without antd (the first load budget of docs/scaling.md "The first load in the browser"); every other screen inside
 * AntdRoot. Once mounted, AntdRoot stays, so a message shown just before going to /login (a reset
 * password, an accepted invite) stays on screen there.
 */
function AppFrame() {
  const { pathname } = useLocation();
  const plain = isPlainPath(pathname);
  const [withAntd, setWithAntd] = useState(!plain);
  if (!plain && !withAntd) setWithAntd(true);
  if (!withAntd) return <AppRoutes />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <AntdRoot>
        <AppRoutes />
      </AntdRoot>
    </Suspense>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppFrame />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
