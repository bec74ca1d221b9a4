#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { optionProblem, START_OPTIONS, type SandboxOptions, type StartOption } from './sandbox-options';
import { isLoopback } from './console/console-access';
import { startSandbox } from './server';
import { dataLimitOf } from './storage/database';
import { DataFileOverLimitError, DataFileVersionError, SandboxDependencyError } from './storage/start-errors';

// Named the way it was started: `npm run sandbox` in this repository, the bin everywhere else.
const COMMAND = process.env.npm_lifecycle_event === 'sandbox' ? 'npm run sandbox --' : 'gateway-sandbox';

/** `--port <n>`: the flag as the help and the messages show it. */
const flagOf = (option: StartOption) => `--${option.flag}`;

/** The help line's tail: the environment variable and the default the CLI starts with. */
const helpTail = (option: StartOption) => {
  const shown = option.cliDefault ?? option.default;
  const parts = [option.env, shown === undefined ? undefined : `default ${shown}`].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
};

/** Help text wrapped at 110 columns, each continuation under the text's column. */
const wrap = (text: string, indent: number) =>
  text
    .split(' ')
    .reduce<string[]>((lines, word) => {
      const last = lines[lines.length - 1];
      if (last !== undefined && indent + last.length + 1 + word.length <= 110)
        lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
      return lines;
    }, [])
    .join(`\n${' '.repeat(indent)}`);

const HELP_LINES = [
  ...START_OPTIONS.map((o) => ({ name: `${flagOf(o)}${o.arg ? ` ${o.arg}` : ''}`, text: `${o.help}${helpTail(o)}` })),
  { name: '-h, --help', text: 'this help' },
].map(({ name, text }) => `  ${name.length < 26 ? name.padEnd(26) : `${name}\n${' '.repeat(28)}`}${wrap(text, 28)}`);

const HELP = `Usage: ${COMMAND} [options]

Starts the Gateway sandbox: the API and the challenge origin, on loopback by default.

Options (each also read from the environment variable shown):
${HELP_LINES.join('\n')}
`;

function fail(message: string): never {
  console.error(`sandbox: ${message}\n\n${HELP}`);
  process.exit(2);
}

/** An environment variable, where set-but-empty (`GATEWAY_SANDBOX_PORT=`) means unset, as in a shell's `${X:-default}`. */
function fromEnv(name: string | undefined): string | undefined {
  const value = name === undefined ? undefined : process.env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** A list flag's values, each of which may itself be comma separated; undefined when none is left. */
const listOf = (given: string[]) => {
  const items = given
    .flatMap((o) => o.split(','))
    .map((o) => o.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
};

/** A data file already past --max-data, said with the flag's name rather than the option's. */
const overLimit = ({ file, held, limit }: DataFileOverLimitError) =>
  `the data file ${file} already holds ${held} bytes, more than --max-data ${limit}: nothing could be written to it. ` +
  'Give a larger --max-data, or another --data file.';

/** ", up to 1024 MiB" for the ready banner; nothing without a limit. */
const storageLimit = (bytes: number | undefined) =>
  bytes === undefined ? '' : `, up to ${Number((bytes / 1024 ** 2).toFixed(1))} MiB`;

async function main(): Promise<void> {
  // biome-ignore lint/suspicious/noImplicitAnyLet: TypeScript types it from the assignment below (strict mode rejects an implicit any).
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        ...Object.fromEntries(
          START_OPTIONS.map((o) => [
            o.flag,
            o.kind === 'switch'
              ? { type: 'boolean' as const }
              : { type: 'string' as const, multiple: o.kind === 'list' },
          ]),
        ),
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const v = parsed.values as Record<string, string | string[] | boolean | undefined>;
  if (v.help) {
    console.log(HELP);
    return;
  }
  const options: SandboxOptions = { log: !v.quiet, merchant: v['no-pci'] ? { pciHomologated: false } : undefined };
  // The text each value was read from, for the messages.
  const texts = new Map<StartOption, string>();
  for (const option of START_OPTIONS) {
    if (!option.key) continue;
    if (option.kind === 'switch') {
      // The flag, else its variable: 1 or true turns it on (anything else leaves it off).
      if (v[option.flag] === true || /^(1|true)$/i.test(fromEnv(option.env)?.trim() ?? ''))
        Object.assign(options, { [option.key]: true });
      continue;
    }
    const given = v[option.flag] as string | string[] | undefined;
    if (option.kind === 'list') {
      const list = listOf(given ? (given as string[]) : (fromEnv(option.env)?.split(',') ?? []));
      if (list) Object.assign(options, { [option.key]: list });
      continue;
    }
    // An empty flag is unset too (--data '': no file), as startSandbox takes an empty dataFile.
    const text = (given === '' ? undefined : (given as string | undefined)) ?? fromEnv(option.env);
    if (text === undefined) {
      if (option.cliDefault !== undefined) Object.assign(options, { [option.key]: option.cliDefault });
      continue;
    }
    texts.set(option, text);
    Object.assign(options, { [option.key]: option.kind === 'integer' ? Number(text) : text });
  }
  const problem = optionProblem(options, flagOf, (option) => `"${texts.get(option)}"`);
  if (problem) fail(problem);
  const sandbox = await startSandbox(options);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`sandbox: ${signal}, closing`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('sandbox: close failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // Ready only once the signals are handled: a supervisor that stops it on seeing this line gets a clean close.
  console.log(`Gateway sandbox ready
  API:            ${sandbox.apiUrl}
  Console:        ${sandbox.apiUrl}/console${isLoopback(options.host ?? '127.0.0.1') ? '' : ' (asks for the bearer token)'}
  Challenge:      ${sandbox.challengeUrl}
  SDK script:     ${sandbox.sdkUrl}
  Bearer token:   ${sandbox.token}
  Webhook secret: ${sandbox.webhookSecret}
  Storage:        ${options.dataFile ?? 'in memory'}${storageLimit(dataLimitOf(options.dataFile, options.maxDataBytes))}
  Unknown fields: ${options.strict ? 'refused with 40003 (--strict)' : 'ignored and named in x-gateway-ignored-fields (--strict refuses them)'}
Press Ctrl+C to stop.`);
}

main().catch((error: unknown) => {
  if (error instanceof SandboxDependencyError || error instanceof DataFileVersionError)
    console.error(`sandbox: ${error.message}`);
  else if (error instanceof DataFileOverLimitError) console.error(`sandbox: ${overLimit(error)}`);
  else
    console.error(
      (error as { code?: unknown }).code === 'EADDRINUSE'
        ? `sandbox: the port is in use; pick another with --port / --challenge-port`
        : error,
    );
  process.exit(1);
});
