/**
 * Lets the browser fetch a file itself (it streams to disk, and the server's filename is kept).
 * Its own module so tests can replace it: jsdom cannot navigate.
 */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
