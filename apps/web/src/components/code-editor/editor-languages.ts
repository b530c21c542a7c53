import type { Extension } from '@codemirror/state';

/** The editor's modes (the file manager picks one per file; the mail autoresponder uses html). */
export const EDITOR_LANGUAGES = [
  'php',
  'html',
  'css',
  'javascript',
  'typescript',
  'json',
  'yaml',
  'ini',
  'sql',
  'text',
] as const;
export type EditorLanguage = (typeof EDITOR_LANGUAGES)[number];

/**
 * CodeMirror language support per editor mode. Each is a dynamic import so a file only pulls
 * in its own grammar, and none of them end up in the file list's (or login's) chunks.
 */
const LOADERS: Record<EditorLanguage, () => Promise<Extension>> = {
  php: async () => (await import('@codemirror/lang-php')).php(),
  html: async () => (await import('@codemirror/lang-html')).html(),
  css: async () => (await import('@codemirror/lang-css')).css(),
  javascript: async () => (await import('@codemirror/lang-javascript')).javascript({ jsx: true }),
  typescript: async () =>
    (await import('@codemirror/lang-javascript')).javascript({ typescript: true, jsx: true }),
  json: async () => (await import('@codemirror/lang-json')).json(),
  yaml: async () => (await import('@codemirror/lang-yaml')).yaml(),
  // Customers' databases are MySQL/MariaDB: its dialect knows their keywords and backticks.
  sql: async () => {
    const { sql, MySQL } = await import('@codemirror/lang-sql');
    return sql({ dialect: MySQL });
  },
  // No Lezer grammar for ini/.htaccess: the legacy "properties" stream mode colours keys and comments.
  ini: async () => {
    const [{ StreamLanguage }, { properties }] = await Promise.all([
      import('@codemirror/language'),
      import('@codemirror/legacy-modes/mode/properties'),
    ]);
    return StreamLanguage.define(properties);
  },
  text: () => Promise.resolve([]),
};

/** The CodeMirror extension that highlights `language` (nothing for plain text). */
export function loadLanguage(language: EditorLanguage): Promise<Extension> {
  return LOADERS[language]();
}
