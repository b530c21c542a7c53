import { language as languageFacet } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { loadLanguage } from '../../components/code-editor/editor-languages.ts';
import { EDITOR_LANGUAGES, editorLanguage } from './paths.ts';

const languageName = async (file: string) =>
  EditorState.create({ extensions: await loadLanguage(editorLanguage(file)) }).facet(languageFacet)
    ?.name ?? null;

describe('editor languages', () => {
  it('highlights each file by its extension', async () => {
    expect(await languageName('index.php')).toBe('php');
    expect(await languageName('index.html')).toBe('html');
    expect(await languageName('site.css')).toBe('css');
    expect(await languageName('app.js')).toBe('javascript');
    expect(await languageName('app.ts')).toBe('typescript');
    expect(await languageName('composer.json')).toBe('json');
    expect(await languageName('config.yml')).toBe('yaml');
    expect(await languageName('dump.sql')).toBe('sql');
    expect(await languageName('php.ini')).toBe('properties');
    expect(await languageName('.htaccess')).toBe('properties');
    expect(await languageName('README')).toBeNull();
  });

  it('has a loader for every editor mode', async () => {
    for (const mode of EDITOR_LANGUAGES) await expect(loadLanguage(mode)).resolves.toBeDefined();
  });
});
