import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
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
  const area = useRef<HTMLTextAreaElement>(null);
  // Where the caret goes after an inserted tab, set right after React writes the new value.
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caret.current !== null && area.current) area.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      onSave();
      return;
    }
    if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const { selectionStart: start, selectionEnd: end } = event.currentTarget;
    caret.current = start + 1;
    onChange(`${value.slice(0, start)}\t${value.slice(end)}`);
  };
  return (
    <Textarea
      ref={area}
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
