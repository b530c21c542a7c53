import { Fragment, type ReactNode } from 'react';
import classes from './long-name.module.css';

/** A word or piece this long or shorter is kept on one line (fits a 360 px screen's heading). */
export const KEEP_WHOLE = 20;

/**
 * The pieces of a word between which a line may break: after a dot, @, slash or underscore.
 * `www.shop-1.example.nl` -> `www.`, `shop-1.`, `example.`, `nl`.
 */
export function namePieces(word: string): string[] {
  return word.split(/(?<=[.@/_])/).filter((piece) => piece !== '');
}

interface Props {
  children: string;
  /** One line ending in an ellipsis, the full name as the tooltip (a header, a fixed-height row). */
  truncate?: boolean;
}

/**
 * The one rule for long names (domains, subdomains, databases, files, e-mail addresses), also
 * inside a sentence or title: on a narrow screen a long word breaks after its dots and the like,
 * not inside a part (`<wbr>` marks the places), or it is cut short with the full name as the
 * title. The text is not changed, so copying it and screen readers get the name as it is; short
 * words stay plain text.
 */
export function LongName({ children, truncate = false }: Props) {
  if (truncate) {
    return (
      <span className={classes.truncate} title={children}>
        {children}
      </span>
    );
  }
  const words = children.split(/(\s+)/);
  if (words.every((word) => word.length <= KEEP_WHOLE)) return children;
  const out: ReactNode[] = [];
  let plain = '';
  words.forEach((word, i) => {
    if (word.length <= KEEP_WHOLE) {
      plain += word;
      return;
    }
    if (plain) out.push(plain);
    plain = '';
    out.push(<BrokenWord key={i} word={word} />);
  });
  if (plain) out.push(plain);
  return <>{out}</>;
}

/** A long word's pieces: short ones kept whole, one too long for a line free to break anywhere. */
function BrokenWord({ word }: { word: string }) {
  return (
    <span className={classes.name}>
      {namePieces(word).map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {piece.length > KEEP_WHOLE ? piece : <span className={classes.piece}>{piece}</span>}
        </Fragment>
      ))}
    </span>
  );
}
