/**
 * `npx firetime-card-fallback <card> app=<address> [name=value ...]`: prints the card's static
 * fallback HTML (cardFallbackHtml) for the parameters given, to paste inside the page's
 * <firetime-card> element or <noscript>. A bad parameter prints why and exits 1.
 */
import { cardFallbackHtml } from './staticFallback.ts';

const [card = '', ...args] = process.argv.slice(2);
const params: Record<string, string> = {};
for (const arg of args) {
  const at = arg.indexOf('=');
  params[at < 0 ? arg : arg.slice(0, at)] = at < 0 ? '' : arg.slice(at + 1);
}
const { app = '', ...others } = params;
try {
  process.stdout.write(`${cardFallbackHtml(card, app, others)}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.stderr.write('usage: firetime-card-fallback <delay|collisions|band|wake> app=<https://...> [name=value ...]\n');
  process.exitCode = 1;
}
