import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Placeholder while a screen's code or texts load; the loading bar carries the real signal. */
export function PageLoader() {
  // A fallback must never suspend itself.
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <Center mih={200} role="status" aria-label={t('loading')}>
      <Loader size="sm" type="dots" />
    </Center>
  );
}
