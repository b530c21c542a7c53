import type { KeyboardEvent } from 'react';
import { Textarea } from '@mantine/core';
import type { EditorLanguage } from './paths.ts';

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  language: EditorLanguage;
  label: string;
  onSave: () => void;
}

/**
 * The editing surface, loaded lazily by the editor page. CodeMirror 6 (@codemirror/*) is not
 * installed yet, so this is a plain monospace text area with the specs' behaviour that matters
 * most: Tab inserts a tab (indent 4 wide), Ctrl/Cmd+S saves. Replacing this one file with a
 * CodeMirror view (php, html, css, js, json, yaml, ini, sql by `language`) changes nothing else.
 */
export default function CodeEditor({ value, onChange, language, label, onSave }: CodeEditorProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      onSave();
      return;
    }
    if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const area = event.currentTarget;
    const { selectionStart: start, selectionEnd: end } = area;
    const next = `${value.slice(0, start)}\t${value.slice(end)}`;
    onChange(next);
    requestAnimationFrame(() => area.setSelectionRange(start + 1, start + 1));
  };
  return (
    <Textarea
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onKeyDown={onKeyDown}
      autosize
      minRows={20}
      spellCheck={false}
      data-language={language}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', tabSize: 4, whiteSpace: 'pre', overflowX: 'auto' } }}
    />
  );
}
