import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n.ts';
import { localScheduleWords } from './schedule-words.ts';

/**
 * The words a screen shows for a schedule read in `serverZone`: in the customer's time, like
 * the next runs, or else the server's words with its zone named.
 */
export function useScheduleText(serverZone: string): (expression: string) => string {
  const { t } = useTranslation('cron');
  const language = useLanguage();
  return (expression) => {
    const { words, zone } = localScheduleWords(expression, language, { server: serverZone });
    return zone === null || words === '' ? words : t('words_in_zone', { words, zone });
  };
}
