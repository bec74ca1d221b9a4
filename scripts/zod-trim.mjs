// Cuts from the SDK's copy of zod the paths its one schema never reaches, at build time.
//
// The SDK validates a request with five of zod's core classes ($ZodType, $ZodObject, $ZodArray,
// $ZodOptional, $ZodTransform: src/core/authentication-request.ts). zod's code for them also
// serves features that schema has no use for: checks, catchall keys, async and backward (encode)
// parsing, abort-early parsing, getter shapes, the values and patterns that discriminated unions
// and JSON Schema read, and a configuration shared with every other zod on the page. That code was
// a third of zod's bytes in gateway.js (docs/performance.md, "The script and where its kilobytes
// go"). The parse of every field, the issues, their paths and messages are zod's own, untouched.
//
// How it stays safe:
// - Each edit names the text it replaces and how often it occurs; a zod whose source differs fails
//   the build (package.json pins zod to the version these edits were written for).
// - What the schema could reach by mistake throws instead of being ignored: a check or a catchall
//   added to the schema, or a Promise from a rule.
// - A build whose zod classes are not the five above fails: the edits were reviewed for these only.
//   So does one that calls an async, encode or abort-early entry of zod's parse.js, which the classes
//   above no longer serve; a region that would cut past the statement it starts in fails too.
// - The SDK's validation tests run once more against the trimmed zod (vitest's `zod-trim` project),
//   and the browser suites test the built scripts, which carry it.
import MagicString from 'magic-string';

/** The zod classes the edits were reviewed for: a build that renders any other fails. */
export const TRIMMED_CLASSES = ['$ZodType', '$ZodObject', '$ZodArray', '$ZodOptional', '$ZodTransform'];

/**
 * zod's parse entry points (parse.js) that ask the trimmed classes for nothing they lost: synchronous,
 * forward, without abort-early. The others would run quietly otherwise: an encode would run a
 * transform forwards, an async parse would throw at a rule's Promise. A build that renders one fails.
 */
const TRIMMED_ENTRIES = [
  '_parse',
  'parse',
  '_safeParse',
  'safeParse',
  '_decode',
  'decode',
  '_safeDecode',
  'safeDecode',
];

/** The zod core file a module id names (`core`, `schemas`, …), on any platform's paths. */
const zodCoreFile = (id) =>
  /\/node_modules\/zod\/v4\/core\/(\w+)\.js$/.exec(id.split('?')[0].replaceAll('\\', '/'))?.[1];

/**
 * @typedef {{ start: string, end: string }} Region From `start` to the first `end` after it, both included.
 * @typedef {{ file: string, why: string, from: string | Region, to: string, count?: number }} Edit
 * `from` must occur `count` times in the file (1 when not given); each occurrence becomes `to`.
 */

/** @type {Edit[]} */
export const EDITS = [
  {
    file: 'core',
    why: 'The configuration stays private to this copy of zod: the SDK puts no __zod_globalConfig on the page, and a merchant zod configuration (error maps, memoizer, post-processor) never reaches its schema.',
    from: `(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});
export const globalConfig = globalThis.__zod_globalConfig;`,
    to: 'export const globalConfig = {};',
  },
  {
    file: 'core',
    why: "The page-global post-processor (installed by the merchant's zod/compile) would compile the SDK's schema with new Function.",
    from: `        const pp = globalThis.__zod_globalConfig?.postProcessor;
        if (pp)
            pp(inst);
`,
    to: '',
  },
  {
    file: 'core',
    why: "Copies methods added to a class's prototype onto each instance (zod classic adds them); the SDK adds none.",
    from: `        const proto = _.prototype;
        for (const k in proto) {
            if (!Object.prototype.hasOwnProperty.call(proto, k))
                continue;
            if (!(k in inst)) {
                inst[k] = proto[k].bind(inst);
            }
        }
`,
    to: '',
  },
  {
    file: 'schemas',
    why: 'The checks pipeline: the SDK attaches no check (each rule is a transform), so a schema runs its own parse. A check added later throws at build of the schema rather than being skipped.',
    from: {
      start: '    const defChecks = inst._zod.def.checks;\n',
      end: '            return runChecks(result, checks, ctx);\n        };\n    }\n}, {\n',
    },
    to: `    if (def.checks?.length || inst._zod.traits.has("$ZodCheck"))
        throw new Error("gateway: zod checks are not in the SDK's build (scripts/zod-trim.mjs)");
    (inst._zod.deferred ?? (inst._zod.deferred = [])).push(() => {
        inst._zod.run = inst._zod.parse;
    });
}, {
`,
  },
  {
    file: 'schemas',
    why: 'Every rule is synchronous ($ZodTransform throws on a Promise), so validate runs once; an error thrown by a rule reaches the caller instead of being retried asynchronously.',
    from: `        validate: (value) => {
            const ctx = { async: false };
            try {
                const r = inst._zod.run({ value, issues: [] }, ctx);
                if (!(r instanceof Promise))
                    return toStandardResult(r, ctx);
            }
            catch (_) { }
            // async function so a synchronously throwing check rejects instead of escaping validate
            return validateAsync(inst, value);
        },`,
    to: `        validate: (value) => {
            const ctx = { async: false };
            return toStandardResult(inst._zod.run({ value, issues: [] }, ctx), ctx);
        },`,
  },
  {
    file: 'schemas',
    why: 'The memoizer comes from the configuration, which is private and empty here.',
    from: '    const memo = core.globalConfig.memoizer;\n    memo?.attach(inst);\n',
    count: 6,
    to: '',
  },
  {
    file: 'schemas',
    why: 'The same memoizer, where a parse allocates its result.',
    from: { start: 'memo ? memo.alloc(inst, payload, ', end: ', ctx) : ' },
    count: 7,
    to: '',
  },
  {
    file: 'schemas',
    why: "An array's size checks: there are no checks.",
    from: '    capSize(inst, arraySize);\n',
    to: '',
  },
  {
    file: 'schemas',
    why: 'Abort-early parsing is a parse option; Standard Schema validate never sets it.',
    from: '        const proms = [];\n        const abortEarly = ctx?.abortEarly;\n        for (let i = 0; i < input.length; i++) {',
    to: '        const proms = [];\n        for (let i = 0; i < input.length; i++) {',
  },
  {
    file: 'schemas',
    why: 'The same option, in an object.',
    from: '        const shape = value.shape;\n        const abortEarly = ctx?.abortEarly;\n        let seen = payload.issues.length;\n',
    to: '        const shape = value.shape;\n',
  },
  {
    file: 'schemas',
    why: 'The same option, in the array loop.',
    from: `                // the element's payload is authoritative here, since handleArrayResult forwards every issue; an object's is not, because it drops a failed absent optional
                if (abortEarly && result.issues.length !== 0 && util.aborted(result))
                    break;
`,
    to: '',
  },
  {
    file: 'schemas',
    why: 'The same option, in the object loop.',
    from: `            if (abortEarly && payload.issues.length !== seen) {
                if (util.aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            if (key === "__proto__")`,
    to: '            if (key === "__proto__")',
  },
  {
    file: 'schemas',
    why: "Freezes a shape given through getters (recursive schemas); the SDK's shapes are plain objects.",
    from: {
      start: '    const desc = Object.getOwnPropertyDescriptor(def, "shape");\n',
      end: '        Object.defineProperty(def, "shape", { get });\n    }\n',
    },
    to: '',
  },
  {
    file: 'schemas',
    why: "An object's property values, read only by discriminated unions.",
    from: {
      start: '    util.defineLazyInternal(inst, "propValues", (zod) => {\n        const shape = zod.def.shape;\n',
      end: '        return propValues;\n    });\n',
    },
    to: '',
  },
  {
    file: 'schemas',
    why: 'Catchall (unknown keys kept or refused): the SDK drops unknown keys, which a plain object schema does. One set later throws at build of the schema.',
    from: `        if (!catchall) {
            return proms.length ? Promise.all(proms).then(() => payload) : payload;
        }
        return handleCatchall(proms, input, payload, ctx, _normalized.value, inst, abortEarly === true);`,
    to: `        return proms.length ? Promise.all(proms).then(() => payload) : payload;`,
  },
  {
    file: 'schemas',
    why: 'The guard for the catchall cut above.',
    from: `    const isObject = util.isObject;
    const catchall = def.catchall;
    let value;
`,
    to: `    if (def.catchall)
        throw new Error("gateway: zod catchall is not in the SDK's build (scripts/zod-trim.mjs)");
    const isObject = util.isObject;
    let value;
`,
  },
  {
    file: 'schemas',
    why: 'A transform in backward (encode) or async parsing: validate does neither. A Promise from a rule still throws.',
    from: `    core.globalConfig.memoizer?.guard(inst);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            throw new core.$ZodEncodeError(inst.constructor.name);
        }
        const _out = def.transform(payload.value, payload);
        if (ctx.async) {
            const output = _out instanceof Promise ? _out : Promise.resolve(_out);
            return output.then((output) => {
                payload.value = output;
                return payload;
            });
        }
`,
    to: `    inst._zod.parse = (payload) => {
        const _out = def.transform(payload.value, payload);
`,
  },
  {
    file: 'schemas',
    why: "An optional's values and pattern, read only by discriminated unions, JSON Schema and template literals.",
    from: {
      start:
        '    util.defineLazyInternal(inst, "values", (zod) => {\n        const values = zod.def.innerType._zod.values;\n',
      end: 'util.cleanRegex(pattern.source)})?$`) : undefined;\n    });\n',
    },
    to: '',
  },
  {
    file: 'util',
    why: "Error maps from the configuration: it is private and empty, and every issue of the SDK's schema carries its own message.",
    from: `            unwrapMessage(config.customError?.(iss)) ??
            unwrapMessage(config.localeError?.(iss)) ??
`,
    to: '',
  },
];

/**
 * Applies the edits of one zod core file. Throws when one does not match as it should.
 * @param {string} file `core`, `schemas` or `util`
 * @param {string} code
 */
export function trimZodSource(file, code) {
  const s = new MagicString(code);
  /** The ranges cut so far: no two edits may overlap. */
  const cut = [];
  for (const edit of EDITS.filter((e) => e.file === file)) {
    const { start, end } = typeof edit.from === 'string' ? { start: edit.from, end: '' } : edit.from;
    const matches = [];
    for (let at = code.indexOf(start); at !== -1; at = code.indexOf(start, at + 1)) {
      const to = code.indexOf(end, at + start.length);
      if (to !== -1) matches.push({ start: at, end: to + end.length });
    }
    const expected = edit.count ?? 1;
    if (matches.length !== expected)
      throw new Error(
        `zod-trim: zod/v4/core/${file}.js has ${matches.length} matches, not ${expected}, for the edit "${edit.why}" (was zod upgraded? See scripts/zod-trim.mjs)`,
      );
    // A region stays inside the statement it starts in, and no two edits overlap: were a region's
    // `end` gone from there, the same end further down (another class's) would otherwise be taken,
    // cutting whole classes without an error.
    for (const m of matches)
      if (
        (end && /\n\S/.test(code.slice(m.start, m.end - end.length))) ||
        cut.some((c) => m.start < c.end && c.start < m.end)
      )
        throw new Error(
          `zod-trim: zod/v4/core/${file}.js: the edit "${edit.why}" would cut past the statement it starts in (was zod upgraded? See scripts/zod-trim.mjs)`,
        );
    cut.push(...matches);
    for (const m of matches) {
      if (edit.to) s.overwrite(m.start, m.end, edit.to);
      else s.remove(m.start, m.end);
    }
  }
  return s;
}

/** The rollup (and vite) plugin: trims zod's core files and checks that only the reviewed classes and parse entries are built. */
export function zodTrim() {
  return {
    name: 'zod-trim',
    transform(code, id) {
      const file = zodCoreFile(id);
      if (!file || !EDITS.some((e) => e.file === file)) return null;
      try {
        const s = trimZodSource(file, code);
        return { code: s.toString(), map: s.generateMap({ hires: true, source: id }) };
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
    },
    renderChunk(_code, chunk) {
      for (const [id, module] of Object.entries(chunk.modules)) {
        const file = zodCoreFile(id);
        const other =
          file === 'schemas'
            ? module.renderedExports.filter((name) => name.startsWith('$Zod') && !TRIMMED_CLASSES.includes(name))
            : file === 'parse'
              ? module.renderedExports.filter((name) => !TRIMMED_ENTRIES.includes(name))
              : [];
        if (other.length)
          this.error(
            `zod-trim: ${chunk.fileName} uses zod's ${other.join(', ')}, which scripts/zod-trim.mjs was not reviewed for`,
          );
      }
      return null;
    },
  };
}
