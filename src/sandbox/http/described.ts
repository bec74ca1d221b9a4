import * as z from 'zod/mini';

/**
 * `schema` with the sentence (and, for a parameter, the example) a reader of the reference sees:
 * zod's global registry, which its JSON Schema and the document's parameters read.
 */
export function described<S extends z.core.$ZodType>(schema: S, description: string, example?: unknown): S {
  z.globalRegistry.add(schema, example === undefined ? { description } : { description, example });
  return schema;
}
