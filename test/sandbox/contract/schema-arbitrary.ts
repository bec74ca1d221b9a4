import fc from 'fast-check';

type Schema = { [key: string]: unknown };

/**
 * A fast-check arbitrary of the values a JSON Schema of the OpenAPI document describes (the
 * subset the generator writes: type, properties, required, items, enum, const, anyOf, pattern,
 * lengths, bounds, formats, $ref to components). Arrays are kept short: a case is one request.
 */
export function arbitraryOf(schema: Schema, components: Record<string, Schema>): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === 'string') return arbitraryOf(components[schema.$ref.split('/').pop()!]!, components);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  // A digit string or an integer, a value or null: any of the forms.
  if (Array.isArray(schema.anyOf))
    return fc.oneof(...(schema.anyOf as Schema[]).map((s) => arbitraryOf(s, components)));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) model[key] = arbitraryOf(value, components);
      return fc.record(model, { requiredKeys: required.filter((k) => k in model) });
    }
    case 'array': {
      const min = (schema.minItems as number | undefined) ?? 0;
      const max = Math.min((schema.maxItems as number | undefined) ?? 2, min + 2);
      return fc.array(arbitraryOf((schema.items ?? {}) as Schema, components), { minLength: min, maxLength: max });
    }
    case 'integer':
      return fc.integer({
        min: (schema.minimum as number | undefined) ?? -1000,
        max: (schema.maximum as number | undefined) ?? 1_000_000,
      });
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress();
      // Not fc.webUrl(): building it takes seconds (its domain grammar), more than all the requests of a route.
      if (schema.format === 'uri')
        return fc
          .tuple(
            fc.constantFrom('http', 'https'),
            fc.stringMatching(/^[a-z]{1,12}(\.[a-z]{2,6}){1,2}$/),
            fc.stringMatching(/^(\/[a-z0-9_-]{0,12}){0,3}$/),
          )
          .map(([scheme, host, path]) => `${scheme}://${host}${path}`);
      if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern));
      const minLength = (schema.minLength as number | undefined) ?? 0;
      return fc.string({
        minLength,
        maxLength: Math.min((schema.maxLength as number | undefined) ?? 40, minLength + 40),
      });
    }
    default:
      // No type said: any small JSON value.
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}
