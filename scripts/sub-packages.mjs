// Installs the packages that only the tests and the benchmarks use. They live in their own folders
// (conformance/: the queue libraries the model is checked against; bench/: the rival sorted sets and
// Lighthouse; examples/mdx-site/: the MDX course site that installs the packed cards), each with
// its own package.json and package-lock.json, so the app's `npm ci` at the root stays small. A
// folder is installed with `npm ci --prefix <folder>` (its lockfile, exact versions) when it has no
// node_modules yet, or when its package.json or package-lock.json is newer than its last install;
// otherwise it is left as it is, so running this again costs nothing. The lockfile fixes every
// version and checksum, so npm is told not to audit, not to ask for funding and to take the package
// metadata it already has in its cache without asking the registry again: each of those costs CPU
// and round trips and changes nothing that gets installed.
//
//   node scripts/sub-packages.mjs                # every folder
//   node scripts/sub-packages.mjs bench          # only bench/
//   node scripts/sub-packages.mjs examples/mdx-site
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const FOLDERS = ['conformance', 'bench', 'examples/mdx-site'];
const NPM_FLAGS = ['--no-audit', '--no-fund', '--prefer-offline'];

/** Why `folder` needs `npm ci`, or null when its node_modules matches its lockfile. */
function staleness(folder) {
  // npm writes node_modules/.package-lock.json at the end of every install.
  const installed = join(folder, 'node_modules', '.package-lock.json');
  if (!existsSync(installed)) return 'not installed yet';
  const installedAt = statSync(installed).mtimeMs;
  for (const file of ['package.json', 'package-lock.json']) {
    if (statSync(join(folder, file)).mtimeMs > installedAt) return `${file} changed since the last install`;
  }
  return null;
}

const asked = process.argv.slice(2);
for (const name of asked) {
  if (!FOLDERS.includes(name)) {
    console.error(`sub-packages: unknown folder "${name}" (known: ${FOLDERS.join(', ')})`);
    process.exit(2);
  }
}

for (const name of asked.length > 0 ? asked : FOLDERS) {
  const folder = join(ROOT, name);
  const reason = staleness(folder);
  if (reason === null) continue;
  console.log(`sub-packages: ${name}/ ${reason}: npm ci --prefix ${name} ${NPM_FLAGS.join(' ')}`);
  const result = spawnSync('npm', ['ci', '--prefix', folder, ...NPM_FLAGS], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`sub-packages: npm ci --prefix ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
