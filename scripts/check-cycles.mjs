// Fails (exit 1) when the project's modules import each other in a cycle, type-only imports
// included: every `import`, `import type`, `export ... from`, `import()` and worker
// `new URL('./x.ts', import.meta.url)` between the project's own files is an edge. Run by `npm run lint`.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
const FOLDERS = ['src', 'bridge', 'e2e', 'conformance', 'bench', 'scripts'];
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const WORKER_URL = /new\s+URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g;

function sourceFiles(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (name === 'node_modules') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The project file a relative specifier names, or null (a package, a stylesheet, a missing file). */
function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const files = FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)));
const edges = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
  for (const match of text.matchAll(WORKER_URL)) specifiers.push(match[1]);
  edges.set(file, [...new Set(specifiers.map((s) => resolveSpecifier(file, s)).filter((f) => f !== null))]);
}

// Tarjan's strongly connected components; any component of two or more files (or a file that
// imports itself) holds a cycle.
let index = 0;
const indexOf = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function visit(file) {
  indexOf.set(file, index);
  low.set(file, index);
  index++;
  stack.push(file);
  onStack.add(file);
  for (const next of edges.get(file) ?? []) {
    if (!indexOf.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), indexOf.get(next)));
  }
  if (low.get(file) !== indexOf.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1 || (edges.get(file) ?? []).includes(file)) cycles.push(component);
}
for (const file of files) if (!indexOf.has(file)) visit(file);

const name = (file) => relative(ROOT, file);
if (cycles.length === 0) {
  console.log(`check-cycles: no import cycle among ${files.length} files`);
} else {
  for (const component of cycles)
    console.error(`check-cycles: these files import each other in a cycle: ${component.map(name).sort().join(', ')}`);
  process.exit(1);
}
