import fc from 'fast-check';

type Schema = { [key: string]: unknown };

/**
 * A fast-check arbitrary of the values a JSON Schema of the OpenAPI document describes (the
 * subset the generator writes: type, properties, required, items, enum, const, anyOf, pattern,
 * lengths, bounds, formats, $ref to components). Arrays are kept short: a case is one request.
 * With `unlisted`, an object the schema leaves open (no `additionalProperties: false`) may also get
 * fields it does not list, named `x_unlisted…` so a test can find them.
 */
export function arbitraryOf(
  schema: Schema,
  components: Record<string, Schema>,
  options: { unlisted?: boolean } = {},
): fc.Arbitrary<unknown> {
  const of = (s: Schema) => arbitraryOf(s, components, options);
  if (typeof schema.$ref === 'string') return of(components[schema.$ref.split('/').pop()!]!);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  // A digit string or an integer, a value or null: any of the forms.
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Schema[]).map(of));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) model[key] = of(value);
      const listed = fc.record(model, { requiredKeys: required.filter((k) => k in model) });
      if (!options.unlisted || schema.additionalProperties === false) return listed;
      const unlisted = fc.dictionary(
        fc.stringMatching(/^x_unlisted_[a-z]{1,6}$/),
        fc.oneof(fc.string({ maxLength: 8 }), fc.integer()),
        {
          maxKeys: 2,
        },
      );
      return fc.tuple(listed, unlisted).map(([known, extra]) => ({ ...known, ...extra }));
    }
    case 'array': {
      const min = (schema.minItems as number | undefined) ?? 0;
      const max = Math.min((schema.maxItems as number | undefined) ?? 2, min + 2);
      return fc.array(of((schema.items ?? {}) as Schema), { minLength: min, maxLength: max });
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
