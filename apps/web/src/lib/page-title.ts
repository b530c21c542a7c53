import { useDocumentTitle } from '@mantine/hooks';

/** Every screen names itself in the tab and for screen readers that announce titles. */
export function usePageTitle(title: string): void {
  useDocumentTitle(title ? `${title} · Haven` : 'Haven');
}
