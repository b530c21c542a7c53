import type { Language } from '@haven/contract';
import { WORDPRESS_CONFIG, WORDPRESS_INSTALL } from './recipes.wordpress.ts';

/** An app's translation for one panel language: files of the package source, checked like the release. */
export interface RecipeLocale {
  /** The app's name for it (`nl_NL`), handed to the installer. */
  locale: string;
  /** Folder inside the package source, the files taken from it, and their `tree-digest.ts`. */
  path: string;
  only: readonly string[];
  sha256: string;
  /** Where they go, inside the app's folder. */
  into: string;
}

/**
 * One installable package version: data only. The install steps (stage, verify, place,
 * database, config, installer, admin entry, ownership) are the same for every recipe.
 */
export interface Recipe {
  key: string;
  /** The group the add screen shows (one per app). */
  group: string;
  name: string;
  version: string;
  source: {
    /** Folder inside the package source (HAVEN_WEBAPP_SOURCE). */
    path: string;
    exclude: readonly string[];
    only?: readonly string[];
    /** `tree-digest.ts` of the release; an install stops when the staged copy differs. */
    sha256: string;
  };
  php: { min: string; extensions: readonly string[] };
  /** A MariaDB database and user are made for the app (through the databases area). */
  database: boolean;
  /** Config file written into the app's folder; `{{NAME}}` placeholders (see install-values.ts). */
  config: { file: string; template: string } | null;
  /** PHP CLI code run in the app's folder with the install values as JSON on stdin. */
  installer: string | null;
  /** `<admin_path>/index.php`: the admin entry the customer chose, leading to `target`. */
  admin: { target: string };
  /** The translations by panel language; a language without one installs in English. */
  locales?: Partial<Record<Language, RecipeLocale>>;
}

export const RECIPES: readonly Recipe[] = [
  {
    key: 'wordpress-6.1',
    group: 'WordPress',
    name: 'WordPress 6.1.9',
    version: '6.1.9',
    source: {
      path: 'wordpress',
      // Debian's package links these to /etc/wordpress: Haven writes its own config. The
      // languages (wordpress-l10n, 30 MB) are left out: only the site's own is placed.
      exclude: ['wp-config.php', '.htaccess', 'wp-content/languages'],
      sha256: '1d49f164584902f7e055b04e299ec564eacf1231487a807b29e16eddeeffcf42',
    },
    php: { min: '7.4', extensions: ['mysqli', 'mbstring', 'xml', 'gd'] },
    database: true,
    config: { file: 'wp-config.php', template: WORDPRESS_CONFIG },
    installer: WORDPRESS_INSTALL,
    admin: { target: 'wp-login.php' },
    locales: {
      // Debian's wordpress-l10n: the site's Dutch (it ships no admin-nl_NL.mo: the dashboard's
      // own screens stay partly English).
      nl: {
        locale: 'nl_NL',
        path: 'wordpress/wp-content/languages',
        only: ['nl_NL.mo'],
        sha256: '2638b3d7024c44ab53257e994077187fd1096c08e156db708448a405971deac3',
        into: 'wp-content/languages',
      },
    },
  },
  {
    key: 'adminer-4.8',
    group: 'Adminer',
    name: 'Adminer 4.8.1',
    version: '4.8.1',
    source: {
      path: 'adminer',
      exclude: [],
      only: ['adminer.php'],
      sha256: 'b076ea40223d0bbce2f514f11908f1967203fa9af006bade991fb36a8a3a7565',
    },
    php: { min: '7.4', extensions: ['mysqli'] },
    // Adminer manages databases: it gets its own, whose user logs in with the admin password.
    database: true,
    config: null,
    installer: null,
    admin: { target: 'adminer.php' },
  },
];

export const recipeByKey = (key: string) => RECIPES.find((r) => r.key === key);
