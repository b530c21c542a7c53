/** Words in lines no wider than `max`; a word wider than that is cut to fit. */
export function wrap(text: string, max: number, width: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (width(next) <= max) line = next;
    else {
      if (line) lines.push(line);
      let rest = word;
      while (width(rest) > max && rest.length > 1) rest = rest.slice(0, -1);
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}
