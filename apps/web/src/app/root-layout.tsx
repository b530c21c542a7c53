import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingBar } from '../components/loading-bar.tsx';
import { PageLoader } from '../components/page-loader.tsx';

export function RootLayout() {
  return (
    <>
      <LoadingBar />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
