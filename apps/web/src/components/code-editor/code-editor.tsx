import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { Box, Input } from '@mantine/core';
import { defaultKeymap, history, historyKeymap, indentLess, insertTab } from '@codemirror/commands';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  indentUnit,
  syntaxHighlighting,
} from '@codemirror/language';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Annotation, Compartment, EditorState, Transaction } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { loadLanguage } from './editor-languages.ts';
import type { EditorLanguage } from './editor-languages.ts';

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  language: EditorLanguage;
  label: string;
  /** How to leave the editor by keyboard (Tab indents inside it). */
  hint?: string;
  /** Ctrl/Cmd+S (the file manager saves the file); never the browser's save dialog. */
  onSave?: () => void;
  /** The editing area's least height (CSS): the file manager's about twenty lines by default. */
  minHeight?: string;
  /** A message under the editor (a form's field error). */
  error?: string | undefined;
}

/** Marks the transactions that copy `value` in from the page, so they are not echoed back. */
const fromProps = Annotation.define<boolean>();

const theme = (minHeight: string) =>
  EditorView.theme({
    '&': {
      border: '1px solid var(--mantine-color-default-border)',
      borderRadius: 'var(--mantine-radius-default)',
      fontSize: 'var(--mantine-font-size-sm)',
      backgroundColor: 'var(--mantine-color-body)',
    },
    '&.cm-focused': {
      outline: '2px solid var(--mantine-primary-color-filled)',
      outlineOffset: '1px',
    },
    '.cm-scroller': { fontFamily: 'var(--mantine-font-family-monospace)', lineHeight: '1.5' },
    '.cm-content, .cm-gutter': { minHeight },
    '.cm-gutters': {
      borderTopLeftRadius: 'var(--mantine-radius-default)',
      borderBottomLeftRadius: 'var(--mantine-radius-default)',
    },
  });

/**
 * The editing surface: CodeMirror 6, loaded lazily by the editor page (and its grammars lazily
 * per file). Tab inserts a tab or indents the selected lines (Shift+Tab outdents; Escape then Tab
 * leaves the editor, CodeMirror's tab-focus mode), Ctrl/Cmd+S saves. No autocompletion on purpose:
 * Enter must always mean a new line.
 */
export default function CodeEditor({
  value,
  onChange,
  language,
  label,
  hint,
  onSave,
  minHeight = '30em',
  error,
}: CodeEditorProps) {
  const labelId = useId();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const languageSlot = useRef(new Compartment());
  // The view is built once; its listeners call whatever the latest props are.
  const latest = useRef({ onChange, onSave });
  useLayoutEffect(() => {
    latest.current = { onChange, onSave };
  });

  useLayoutEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightSpecialChars(),
          history(),
          drawSelection(),
          indentOnInput(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          bracketMatching(),
          highlightActiveLine(),
          highlightSelectionMatches(),
          EditorState.tabSize.of(4),
          indentUnit.of('\t'),
          keymap.of([
            { key: 'Mod-s', preventDefault: true, run: () => (latest.current.onSave?.(), true) },
            { key: 'Tab', run: insertTab, shift: indentLess },
            ...defaultKeymap,
            ...historyKeymap,
            ...searchKeymap,
          ]),
          languageSlot.current.of([]),
          EditorView.contentAttributes.of({
            'aria-labelledby': labelId,
            spellcheck: 'false',
            autocapitalize: 'off',
            autocorrect: 'off',
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !update.transactions.some((tr) => tr.annotation(fromProps))) {
              latest.current.onChange(update.state.doc.toString());
            }
          }),
          theme(minHeight),
        ],
      }),
    });
    // Long lines scroll sideways: a keyboard reaches the scroll area itself (axe: scrollable-region-focusable).
    editor.scrollDOM.tabIndex = 0;
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [labelId, minHeight]);

  // The page owns the text: copy it in when it differs (first load, or a change from outside).
  useLayoutEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({
      changes: { from: 0, to: editor.state.doc.length, insert: value },
      annotations: [fromProps.of(true), Transaction.addToHistory.of(false)],
    });
  }, [value]);

  useEffect(() => {
    let current = true;
    void loadLanguage(language).then((extension) => {
      if (current) view.current?.dispatch({ effects: languageSlot.current.reconfigure(extension) });
    });
    return () => {
      current = false;
    };
  }, [language]);

  return (
    <Box data-language={language}>
      <Input.Label id={labelId} onClick={() => view.current?.focus()}>
        {label}
      </Input.Label>
      {hint && <Input.Description mb={4}>{hint}</Input.Description>}
      <div ref={host} />
      {error && <Input.Error mt={4}>{error}</Input.Error>}
    </Box>
  );
}
