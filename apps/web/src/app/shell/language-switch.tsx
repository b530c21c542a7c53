import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@haven/contract/shared';
import { changeLanguage, currentLanguage, isLanguage } from '../../lib/i18n.ts';

type Props = Omit<SegmentedControlProps, 'data' | 'value' | 'onChange'>;

/** nl/en; dates and texts follow at once. */
export function LanguageSwitch(props: Props) {
  const { t, i18n } = useTranslation('common');
  const value: Language = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <SegmentedControl
      size="xs"
      {...props}
      aria-label={t('language.label')}
      value={value}
      onChange={(next) => {
        if (isLanguage(next)) void changeLanguage(next);
      }}
      data={LANGUAGES.map((language) => ({
        value: language,
        label: (
          <span lang={language} title={t(`language.${language}`)}>
            {language.toUpperCase()}
          </span>
        ),
      }))}
    />
  );
}
