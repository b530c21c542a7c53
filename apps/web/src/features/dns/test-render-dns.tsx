import type { ReactElement } from 'react';
import { ModalsProvider } from '@mantine/modals';
import type { RouteObject } from 'react-router';
import { renderPage } from '../../test/render.tsx';

/** A DNS screen with the shell's modal provider (confirmations), at a URL under `path`. */
export function renderDns(
  element: ReactElement,
  path: string,
  url: string,
  extraRoutes: RouteObject[] = [],
) {
  return renderPage(<ModalsProvider>{element}</ModalsProvider>, { path, url, extraRoutes });
}
