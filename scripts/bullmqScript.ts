/**
 * A Vite plugin that hands the page one file of the installed bullmq package, as the package ships
 * it: `virtual:bullmq/getDelayedScore.lua` exports the script's text with the package's name,
 * version and licence, read from node_modules/bullmq at build time (and again when the file changes
 * under the dev server). The page shows that text; nothing of it is copied into the source.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

export const BULLMQ_SCRIPT_ID = 'virtual:bullmq/getDelayedScore.lua';
const RESOLVED_ID = `\0${BULLMQ_SCRIPT_ID}`;

/** Where the script sits inside the package (the ESM build; the CJS build ships the same text). */
export const BULLMQ_SCRIPT_PATH = 'dist/esm/commands/includes/getDelayedScore.lua';

interface PackageFields {
  readonly name: string;
  readonly version: string;
  readonly license: string;
}

/** The package's folder, found as Node finds `bullmq` from the project's root. */
function packageFolder(root: string): string {
  return dirname(createRequire(join(root, 'package.json')).resolve('bullmq/package.json'));
}

/** The module's text: the script and the package's fields, as string constants. */
export function bullmqScriptModule(root: string): { code: string; files: string[] } {
  const folder = packageFolder(root);
  const packageFile = join(folder, 'package.json');
  const scriptFile = join(folder, BULLMQ_SCRIPT_PATH);
  const { name, version, license } = JSON.parse(readFileSync(packageFile, 'utf8')) as PackageFields;
  const constants = {
    source: readFileSync(scriptFile, 'utf8'),
    packageName: name,
    version,
    license,
    path: `node_modules/${name}/${BULLMQ_SCRIPT_PATH}`,
  };
  const code = Object.entries(constants)
    .map(([key, value]) => `export const ${key} = ${JSON.stringify(value)};`)
    .join('\n');
  return { code, files: [packageFile, scriptFile] };
}

export function bullmqScript(): Plugin {
  let root = process.cwd();
  return {
    name: 'firetime:bullmq-script',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === BULLMQ_SCRIPT_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      const { code, files } = bullmqScriptModule(root);
      for (const file of files) this.addWatchFile(file);
      return code;
    },
  };
}
