import { DATA_RULE_SCHEMAS } from '../../core/authentication-request';
import * as fieldRules from '../../core/field-rules';
import type { FieldRule, JsonSchema } from '../../core/field-rules';

export type { JsonSchema };

/** Which side of a schema the document describes: what a request may send, or what an answer holds. */
export type Io = 'input' | 'output';

/**
 * Each shared field rule's JSON Schema, found beside it: `xRule` with `xSchema` in
 * core/field-rules.ts (paired by name), the pairs of DATA_RULE_SCHEMAS in core/authentication-request.ts,
 * each of ADDRESS_RULES with the same key of ADDRESS_SCHEMAS.
 */
function sharedRuleSchemas(): Map<FieldRule, JsonSchema> {
  const out = new Map<FieldRule, JsonSchema>();
  const pair = (module: Record<string, unknown>, rule: RegExp, schema: string) => {
    for (const [name, value] of Object.entries(module)) {
      const found = module[name.replace(rule, schema)];
      if (rule.test(name) && found && typeof found === 'object') out.set(value as FieldRule, found as JsonSchema);
    }
  };
  pair(fieldRules, /Rule$/, 'Schema');
  for (const [rule, schema] of DATA_RULE_SCHEMAS) out.set(rule, schema);
  for (const key of Object.keys(fieldRules.ADDRESS_RULES) as Array<keyof typeof fieldRules.ADDRESS_RULES>)
    out.set(fieldRules.ADDRESS_RULES[key], fieldRules.ADDRESS_SCHEMAS[key]);
  return out;
}
const SHARED: ReadonlyMap<FieldRule, JsonSchema> = sharedRuleSchemas();

/** The JSON Schema of a shared field rule, with the rule's own sentence as description; undefined for a rule made per field. */
export function ruleSchema(rule: FieldRule): JsonSchema | undefined {
  const schema = SHARED.get(rule);
  return schema && { ...schema, description: rule.message };
}

/**
 * Where a schema (or its transform function) carries its documented shapes: a property of its own,
 * not a module-level map, so nothing outlives the schemas (no module state: docs/architecture.md).
 */
const DOCUMENTED = Symbol('gateway.documented');
type Documented = { [DOCUMENTED]?: { input: JsonSchema; output: JsonSchema } };

/**
 * Records what `schema` accepts (`input`), and what it holds in an answer (`output`, the same
 * unless given), for the OpenAPI document, and returns it. `key` is what the generator looks up:
 * the transform function of a rule step (it survives zod's `.check()`, which clones the schema),
 * or the schema itself.
 */
export function documentAs<S extends object>(
  schema: S,
  input: JsonSchema,
  { key = schema, output = input }: { key?: object; output?: JsonSchema } = {},
): S {
  Object.defineProperty(key, DOCUMENTED, { value: { input, output }, configurable: true });
  return schema;
}

/** What was recorded for a zod schema (or its transform), if anything, on the side `io`. */
export function documentedFragment(schema: { _zod: { def: unknown } }, io: Io): JsonSchema | undefined {
  const direct = (schema as Documented)[DOCUMENTED];
  if (direct) return direct[io];
  const transform = (schema._zod.def as { transform?: unknown }).transform;
  return typeof transform === 'function' ? (transform as Documented)[DOCUMENTED]?.[io] : undefined;
}
