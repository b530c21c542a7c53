import i18next, { type BackendModule, type ReadCallback, type ResourceKey } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@haven/contract/shared';
import { LANGUAGE_KEY } from './storage-keys.ts';

export const DEFAULT_LANGUAGE: Language = 'nl';

/** Namespaces every screen needs; area namespaces load with their screens. */
export const CORE_NAMESPACES = ['common', 'validations', 'errors'] as const;

// One chunk per language and namespace: a screen loads only its own texts.
const loaders = import.meta.glob<{ default: ResourceKey }>('../locales/*/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no texts for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

function applyLanguage(language: string): void {
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  localStorage.setItem(LANGUAGE_KEY, lang);
  document.documentElement.lang = lang;
}

export const i18n = i18next.createInstance();

let ready: Promise<unknown> | undefined;

/** Starts i18next once; resolves when the core namespaces of the stored language are in. */
export function initI18n(language: Language = storedLanguage()): Promise<unknown> {
  ready ??= (() => {
    i18n.on('languageChanged', applyLanguage);
    return i18n
      .use(lazyBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: LANGUAGES,
        ns: CORE_NAMESPACES,
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
        showSupportNotice: false,
        react: { useSuspense: true },
      });
  })();
  return ready;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** The interface language; components re-render when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Language): Promise<void> {
  // The texts of the screen on display load first, so the switch never falls back to a loader.
  const namespaces = Object.keys(i18n.store.data[i18n.language] ?? {});
  await i18n.reloadResources([language], namespaces);
  await i18n.changeLanguage(language);
}
