/**
 * WordPress's config and install routine, as data for recipes.ts. Values come from
 * install-values.ts: generated names, a generated database password and salts drawn from an
 * alphabet without quotes or backslashes, so they cannot end a PHP string.
 */
export const WORDPRESS_CONFIG = `<?php
// Written by Haven when it installed this WordPress.
define('DB_NAME', '{{DB_NAME}}');
define('DB_USER', '{{DB_USER}}');
define('DB_PASSWORD', '{{DB_PASSWORD}}');
define('DB_HOST', '{{DB_HOST}}');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
define('AUTH_KEY', '{{SALT_1}}');
define('SECURE_AUTH_KEY', '{{SALT_2}}');
define('LOGGED_IN_KEY', '{{SALT_3}}');
define('NONCE_KEY', '{{SALT_4}}');
define('AUTH_SALT', '{{SALT_5}}');
define('SECURE_AUTH_SALT', '{{SALT_6}}');
define('LOGGED_IN_SALT', '{{SALT_7}}');
define('NONCE_SALT', '{{SALT_8}}');
define('FS_METHOD', 'direct');
define('WP_DEBUG', false);
$table_prefix = 'wp_';
if (!defined('ABSPATH')) {
  define('ABSPATH', __DIR__ . '/');
}
require_once ABSPATH . 'wp-settings.php';
`;

/**
 * WordPress's own install routine (wp_install) through PHP CLI. Secrets arrive on stdin, never
 * in argv. The welcome mail is left out (Haven shows the result itself); site and home are set
 * to the chosen address, as the browser installer would. With a locale (its .mo placed in
 * wp-content/languages) the site is made in that language, as the browser installer does: the
 * translation loaded before wp_install writes the first post and page, and WPLANG set to it.
 */
export const WORDPRESS_INSTALL = `
$in = json_decode(stream_get_contents(STDIN), true);
$u = parse_url($in['url']);
$_SERVER['HTTP_HOST'] = $u['host'];
$_SERVER['REQUEST_URI'] = isset($u['path']) ? $u['path'] : '/';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
if ($u['scheme'] === 'https') { $_SERVER['HTTPS'] = 'on'; }
define('WP_INSTALLING', true);
function wp_new_blog_notification($blog_title, $blog_url, $user_id, $password) {}
require getcwd() . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
if (is_blog_installed()) { fwrite(STDERR, "already installed\\n"); exit(3); }
$lang = '';
if ($in['locale'] !== '' && load_default_textdomain($in['locale'])) {
  $lang = $in['locale'];
  $GLOBALS['wp_locale'] = new WP_Locale();
}
$r = wp_install($in['title'], $in['admin_username'], $in['admin_email'], true, '', wp_slash($in['admin_password']), $lang);
if (is_wp_error($r)) { fwrite(STDERR, $r->get_error_message() . "\\n"); exit(4); }
update_option('siteurl', $in['url']);
update_option('home', $in['url']);
echo json_encode(['user_id' => $r['user_id']]), "\\n";
`;
