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
