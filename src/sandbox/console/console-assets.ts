import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type PageScript, readPageScript } from '../challenge/challenge-assets';

/**
 * The console's script as built now (console-script.ts, bundled by rollup into
 * dist/sandbox/console-page.js), or undefined when it is not built: next to the running module
 * when it is the built sandbox, in dist/sandbox when tests run the TypeScript sources. Read on
 * every page, as the challenge pages read theirs, so a rebuild is served without a restart.
 */
export function consoleScript(): PageScript | undefined {
  for (const p of ['./console-page.js', '../../../dist/sandbox/console-page.js']) {
    const script = readPageScript(fileURLToPath(new URL(p, import.meta.url)));
    if (script) return script;
  }
  return undefined;
}

/**
 * The console's stylesheet (console.css): beside the built sandbox, where the build copies it, and
 * beside this module in the sources.
 */
export function consoleCss(): string {
  return readFileSync(fileURLToPath(new URL('./console.css', import.meta.url)), 'utf8');
}
