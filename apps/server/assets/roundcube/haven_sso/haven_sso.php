<?php

/**
 * Haven's single sign-on for Roundcube (docs/spam-training-and-webmail.md).
 *
 * The panel opens `?_haven_sso=<token>`: a random token for one mailbox, valid 60 s, single use.
 * This plugin redeems it with the panel (`POST /api/webmail/redeem` with the key from its config
 * file) and, only when the panel answers with an address, signs that mailbox in through Dovecot's
 * master user (`<address>*<master>`, the master password from the same file). Any other outcome
 * shows Roundcube's login page with a notice. The token is never stored, logged or passed on.
 *
 * The config file (`haven_sso_config` in Roundcube's config, written by Haven's adapter, 0640
 * root:<pool user>) returns an array: redeem_url, key, master_user, master_password.
 */
class haven_sso extends rcube_plugin
{
    /** Shape of the panel's tokens (base64url of 32 bytes); anything else is not sent on. */
    const TOKEN = '/^[A-Za-z0-9_-]{20,128}$/';

    /** The address the panel gave for this request's token; null: no sign-on in this request. */
    private $address = null;

    /** Whether this request carried a token the panel refused (or could not be asked about). */
    private $refused = false;

    public function init()
    {
        $this->add_hook('startup', [$this, 'startup']);
        $this->add_hook('authenticate', [$this, 'authenticate']);
        $this->add_hook('storage_connect', [$this, 'storage_connect']);
        $this->add_hook('login_after', [$this, 'login_after']);
    }

    public function startup($args)
    {
        if (!isset($_GET['_haven_sso'])) {
            return $args;
        }
        $rcmail = rcmail::get_instance();
        // A link opens a new session: whoever was signed in here before is signed out first.
        if (!empty($_SESSION['user_id'])) {
            $rcmail->kill_session();
        }
        $token = $_GET['_haven_sso'];
        $this->address = is_string($token) && preg_match(self::TOKEN, $token) ? $this->redeem($token) : null;
        $this->refused = $this->address === null;
        $args['task'] = 'login';
        $args['action'] = 'login';
        return $args;
    }

    public function authenticate($args)
    {
        if ($this->address !== null) {
            $args['user'] = $this->address;
            // Never used for a login: storage_connect puts the master password in its place.
            $args['pass'] = 'haven-sso';
            $args['cookiecheck'] = false;
            $args['valid'] = true;
            $args['abort'] = false;
            return $args;
        }
        if ($this->refused) {
            $this->add_texts('localization/');
            $args['valid'] = true;
            $args['abort'] = true;
            $args['error'] = 'haven_sso.linkinvalid';
            return $args;
        }
        // The master user is for this plugin only: never through the login form.
        if (strpos((string) $args['user'], '*') !== false) {
            $args['abort'] = true;
        }
        return $args;
    }

    /** Every IMAP login of a signed-on session (each request reconnects) goes through the master user. */
    public function storage_connect($args)
    {
        if ($this->address === null && empty($_SESSION['haven_sso'])) {
            return $args;
        }
        $settings = $this->settings();
        if ($settings === null) {
            $args['user'] = '';
            $args['pass'] = '';
            return $args;
        }
        $args['user'] = $args['user'] . '*' . $settings['master_user'];
        $args['pass'] = $settings['master_password'];
        return $args;
    }

    public function login_after($args)
    {
        if ($this->address !== null) {
            $_SESSION['haven_sso'] = true;
        }
        // Always the inbox: no destination from the request is followed.
        return ['_task' => 'mail', '_mbox' => 'INBOX'];
    }

    /** The mailbox the panel gives for the token, or null (refused, or the panel unreachable). */
    private function redeem($token)
    {
        $settings = $this->settings();
        if ($settings === null) {
            return null;
        }
        try {
            $client = rcmail::get_instance()->get_http_client([
                'timeout' => 10,
                'connect_timeout' => 5,
                'http_errors' => false,
                'allow_redirects' => false,
            ]);
            $response = $client->request('POST', $settings['redeem_url'], [
                'json' => ['token' => $token, 'key' => $settings['key']],
            ]);
        } catch (Throwable $e) {
            rcube::raise_error(['code' => 500, 'message' => 'haven_sso: the panel did not answer: ' . $e->getMessage()], true, false);
            return null;
        }
        if ($response->getStatusCode() !== 200) {
            return null;
        }
        $body = json_decode((string) $response->getBody(), true);
        $address = is_array($body) && isset($body['address']) ? $body['address'] : null;
        if (!is_string($address) || !preg_match('/^[^\s*@]+@[^\s*@]+$/', $address)) {
            return null;
        }
        return strtolower($address);
    }

    private function settings()
    {
        $file = rcmail::get_instance()->config->get('haven_sso_config');
        if (!is_string($file) || !is_file($file)) {
            return null;
        }
        $settings = include $file;
        foreach (['redeem_url', 'key', 'master_user', 'master_password'] as $name) {
            if (!is_array($settings) || !isset($settings[$name]) || !is_string($settings[$name]) || $settings[$name] === '') {
                return null;
            }
        }
        return $settings;
    }
}
