// The Debian packages of the services the panel configures and runs (the local hosting node, the
// database and DNS checks; the list is in debian-packages.mjs). Run by `npm start` before the build:
// as root it installs what is missing; otherwise it says exactly what to install and the panel
// starts without those services. HAVEN_SKIP_SYSTEM_PACKAGES=1 skips it.
import {
  SYSTEM_PACKAGES,
  installCommand,
  installLines,
  installPackages,
  missingPackages,
} from './debian-packages.mjs';

function main() {
  if (process.env.HAVEN_SKIP_SYSTEM_PACKAGES === '1') return;
  const missing = missingPackages(SYSTEM_PACKAGES);
  if (missing === null) {
    console.log(
      'Haven: no dpkg here; install nginx, PHP-FPM, PowerDNS (sqlite3 backend), pure-ftpd and MariaDB yourself to run the hosting services.',
    );
    return;
  }
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.log(
      `Haven: these services are not installed, so the panel starts without them:\n  ${missing.join(', ')}\nInstall them as root:\n  ${installLines(missing).join('\n  ')}\n`,
    );
    return;
  }
  console.log(
    `Haven: installing the Debian packages of the services it runs: ${missing.join(' ')}`,
  );
  const failed = installPackages(missing);
  if (failed !== null) {
    console.log(
      `Haven: the install failed; the panel starts without these services.\n${failed}\nRun it yourself: ${installCommand(missing)}\n`,
    );
  }
}

main();
