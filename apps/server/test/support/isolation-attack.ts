/** What A's attack.php reports of its tries into B's files (isolation.integration.test.ts). */
export interface Attack {
  read: unknown;
  include: unknown;
  viaLink: unknown;
  madeLink: boolean;
  hardLink: boolean;
  scan: unknown;
  tmp: string;
  tmpWrite: boolean;
  sharedTmp: boolean;
  session: string;
}

/**
 * A's PHP trying every way into B's files: read, include, follow a link A made, make links
 * (soft and hard), list B's folder, and write to its own and the machine's shared /tmp.
 */
export function attackPhp(to: { bDocs: string; bConfig: string; stray: string }): string {
  return `<?php
$b = ${JSON.stringify(to.bDocs)};
$r = [];
$r['read'] = @file_get_contents("$b/secret.txt");
ob_start();
$ok = @include ${JSON.stringify(to.bConfig)};
$r['include'] = $ok ? ob_get_clean() : (ob_end_clean() && false);
$r['viaLink'] = @file_get_contents(__DIR__ . '/link.txt');
@symlink("$b/secret.txt", __DIR__ . '/made-link.txt');
$r['madeLink'] = is_link(__DIR__ . '/made-link.txt');
$r['hardLink'] = @link("$b/secret.txt", __DIR__ . '/hard.txt');
$r['scan'] = @scandir($b);
$r['tmp'] = sys_get_temp_dir();
$r['tmpWrite'] = @file_put_contents(sys_get_temp_dir() . '/a-temp.txt', 'A-TEMP') !== false;
$r['sharedTmp'] = @file_put_contents(${JSON.stringify(to.stray)}, 'x') !== false;
$r['session'] = session_save_path();
echo json_encode($r);`;
}

/** B's PHP reading what A wrote to A's temp and to the shared /tmp: both must fail. */
export function peekPhp(aTempFile: string, stray: string): string {
  return `<?php echo json_encode([@file_get_contents(${JSON.stringify(aTempFile)}), @file_get_contents(${JSON.stringify(stray)})]);`;
}

/**
 * A's shell (open_basedir binds PHP's own file functions, not the programs it starts) trying
 * each path of `listFile` (`F`ile, `D`irectory, `S`ocket, one a line): read a byte, list,
 * connect (curl's code 7: could not connect), list (an empty folder tells nothing); then `find` walks the data dir. One line per
 * success.
 */
export function stateProbe(listFile: string, dataDir: string, ownHome: string): string {
  return `while IFS=' ' read -r kind p; do
  case "$kind" in
    S) curl -s -o /dev/null --max-time 1 --unix-socket "$p" http://x/; [ $? -ne 7 ] && echo "connect $p";;
    D) [ -n "$(ls -A "$p" 2>/dev/null)" ] && echo "list $p";;
    *) head -c 1 "$p" >/dev/null 2>&1 && echo "read $p";;
  esac
done < ${shellQuote(listFile)}
find ${shellQuote(dataDir)} -mindepth 1 2>/dev/null | grep -vF ${shellQuote(ownHome)} | sed 's/^/found /'
echo probe-done
`;
}

/** A's PHP: the same tries with PHP's own functions, then the probe through shell_exec. */
export function statePhp(listFile: string, probeFile: string): string {
  return `<?php
$got = [];
foreach (file(${JSON.stringify(listFile)}, FILE_IGNORE_NEW_LINES) as $line) {
  [$kind, $p] = explode(' ', $line, 2);
  if ($kind === 'F' && @file_get_contents($p, false, null, 0, 1) !== false) $got[] = "php-read $p";
  if ($kind === 'D' && @scandir($p) !== false) $got[] = "php-list $p";
  if ($kind === 'S' && @stream_socket_client("unix://$p", $e, $s, 1)) $got[] = "php-connect $p";
}
$shell = shell_exec('sh ' . escapeshellarg(${JSON.stringify(probeFile)}) . ' 2>&1');
$lines = array_filter(explode("\n", (string) $shell), fn ($l) => $l !== '' && $l !== 'probe-done');
$ran = str_contains((string) $shell, 'probe-done');
echo json_encode(['shell' => $ran, 'got' => array_values(array_merge($got, $lines))]);`;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
