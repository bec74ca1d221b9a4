import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { JsonSchema } from './json-fragments';

/**
 * Where the document is: beside the running module in the built sandbox (rollup copies
 * docs/openapi.json to dist/sandbox/openapi.json), docs/openapi.json when tests run the sources.
 * The committed copy, not the generator: the generator and zod's JSON Schema code would add a
 * third to the package, and test/sandbox/openapi-document.test.ts keeps the copy equal to it.
 */
function documentFile(): string {
  const candidates = ['./openapi.json', '../../../docs/openapi.json'].map((p) =>
    fileURLToPath(new URL(p, import.meta.url)),
  );
  return candidates.find((p) => existsSync(p)) ?? candidates[0]!;
}

/** The committed OpenAPI document with this sandbox's own addresses as its servers; undefined when the file is missing. */
export function servedDocument(apiUrl: string, challengeUrl: string): JsonSchema | undefined {
  let text: string;
  try {
    text = readFileSync(documentFile(), 'utf8');
  } catch {
    return undefined;
  }
  const document = JSON.parse(text) as {
    servers: Array<{ url: string }>;
    paths: Record<string, { servers?: Array<{ url: string }> }>;
  };
  for (const server of document.servers) server.url = apiUrl;
  for (const item of Object.values(document.paths)) for (const server of item.servers ?? []) server.url = challengeUrl;
  return document as unknown as JsonSchema;
}
