// System tools (Chromium, nginx) come from Debian's packages. When one is missing, the project
// installs it itself when running as root (CI, a fresh container), and otherwise says exactly what
// to install. Never downloads anything but Debian's packages.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureDebianPackages(what: string, files: string[], packages: string[], hint = ''): void {
  const missing = files.filter((file) => !existsSync(file));
  if (!missing.length) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${what} is missing (${missing.join(', ')}). Install it with: sudo apt-get install -y ${packages.join(' ')}${hint}`,
    );
  }
  console.log(`${what} is missing: installing Debian's ${packages.join(', ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Another process may be installing at the same moment: wait for dpkg's lock instead of failing.
  const wait = ['-o', 'DPkg::Lock::Timeout=300'];
  execFileSync('apt-get', [...wait, 'update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', [...wait, 'install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env,
  });
  const still = files.filter((file) => !existsSync(file));
  if (still.length) throw new Error(`apt-get finished but ${still.join(', ')} is still missing.`);
}
