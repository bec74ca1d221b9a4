import * as z from 'zod/mini';
import { documentedFragment, type Io, type JsonSchema } from './json-fragments';

/** Which side a component describes: a JSON request body, a form, or an answer. */
export type Side = 'json' | 'form' | 'answer';

/**
 * zod's JSON Schema of a request schema (its input: what a client may send) or of an answer
 * schema (its output: what the sandbox answers), with the field rules' documented shapes.
 */
export function toJsonSchema(schema: z.ZodMiniType, side: Side): JsonSchema {
  const io: Io = side === 'answer' ? 'output' : 'input';
  const out = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: (ctx) => {
      const target = ctx.jsonSchema as JsonSchema;
      const fragment = documentedFragment(ctx.zodSchema as unknown as { _zod: { def: unknown } }, io);
      if (fragment) {
        for (const key of Object.keys(target)) delete target[key];
        Object.assign(target, structuredClone(fragment));
      }
      // A defaulted rule step: zod's `default` is lost when the step's documented shape replaces the schema.
      const wrapped = (ctx.zodSchema as unknown as { _zod: { def: { type: string; defaultValue?: unknown } } })._zod
        .def;
      if (wrapped.type === 'default') target.default = structuredClone(wrapped.defaultValue);
      // A tuple's `items: false` says nothing its maxItems does not, and validators of draft 7 (Prism's) read it as "no item at all".
      if (Array.isArray(target.prefixItems) && target.items === false && target.maxItems === target.prefixItems.length)
        delete target.items;
      // A rule step is a transform, which zod counts as optional on input: required is what is neither z.optional nor defaulted.
      const def = (
        ctx.zodSchema as unknown as {
          _zod: { def: { type: string; shape?: Record<string, { _zod: { def: { type: string } } }> } };
        }
      )._zod.def;
      if (def.type === 'object' && def.shape) {
        const optional = Object.keys(def.shape).filter((k) =>
          ['optional', 'default'].includes(def.shape![k]!._zod.def.type),
        );
        const required = Object.keys(def.shape).filter((k) => !optional.includes(k));
        if (required.length) target.required = required;
        else delete target.required;
        // In a JSON body null is the field left out (docs/rules.md#null-means-not-given): every optional field is nullable.
        const properties = target.properties as Record<string, JsonSchema> | undefined;
        if (side === 'json' && properties)
          for (const key of optional) if (properties[key]) properties[key] = orNull(properties[key]);
      }
    },
  }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** `schema`, or null: one more branch of an anyOf, else an anyOf of the two. */
function orNull(schema: JsonSchema): JsonSchema {
  if (!Array.isArray(schema.anyOf)) return { anyOf: [schema, { type: 'null' }] };
  return { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
}
