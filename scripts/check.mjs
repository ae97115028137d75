// The type check and ESLint in one pass over one TypeScript program (`npm run check`, run by `npm test`).
// `tsc -b` and ESLint's type-checked rules each parse, bind and check src/ on their own; here the
// program that reports the type errors is the one ESLint's rules ask for types, so the checker's
// work is done once. The checks are those of `npm run typecheck` and `eslint .`:
//   1. tsconfig.model.json's files (src/model, src/session) with no DOM library and no @types;
//   2. every file of tsconfig.json, src/model and src/session included (with the DOM, as the page uses them);
//   3. `eslint .` with eslint.config.js, its type-checked rules reading program 2 instead of tsconfig.eslint.json's.
// Any type error or ESLint error exits 1, after all three have reported.
import ts from 'typescript';
import { ESLint } from 'eslint';

const formatHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: ts.sys.getCurrentDirectory,
  getNewLine: () => ts.sys.newLine,
};

/** A program of the project `configPath`, its options overridden by `options`; null (after printing why) when the config is broken. */
function programOf(configPath, options = {}) {
  const configErrors = [];
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => configErrors.push(diagnostic) };
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, options, host);
  configErrors.push(...(parsed?.errors ?? []));
  if (parsed === undefined || configErrors.length > 0) {
    console.error(ts.formatDiagnosticsWithColorAndContext(configErrors, formatHost));
    return null;
  }
  // No project references: the referenced files are read as sources, not as their declaration output,
  // so this needs no build beforehand and ESLint finds every src/ file in the program.
  return ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
}

/** Prints the program's errors as tsc does; true when there are none. */
function typecheck(label, program) {
  if (program === null) return false;
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) {
    console.error(`${label}:`);
    console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
  }
  return diagnostics.length === 0;
}

const noEmit = { noEmit: true, composite: false, declaration: false, emitDeclarationOnly: false, tsBuildInfoFile: undefined };
const modelOk = typecheck('tsconfig.model.json (no DOM library)', programOf('tsconfig.model.json', noEmit));
const program = programOf('tsconfig.json', { tsBuildInfoFile: undefined });
const typesOk = typecheck('tsconfig.json', program);

let lintOk = false;
if (program !== null) {
  const eslint = new ESLint({
    overrideConfig: [
      { files: ['src/**/*.{ts,tsx}'], languageOptions: { parserOptions: { project: null, programs: [program] } } },
    ],
  });
  const results = await eslint.lintFiles(['.']);
  const formatter = await eslint.loadFormatter('stylish');
  const report = await formatter.format(results);
  if (report) console.log(report);
  lintOk = results.every((result) => result.errorCount === 0 && result.fatalErrorCount === 0);
}

console.log(`check: types ${modelOk && typesOk ? 'ok' : 'FAILED'}, ESLint ${lintOk ? 'ok' : 'FAILED'}`);
process.exit(modelOk && typesOk && lintOk ? 0 : 1);
