import { createHash } from 'node:crypto';
import type { JsonSchema } from './json-fragments';

const escapeHtml = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A link to the schema a `$ref` names, in the page's schema section. */
const schemaLink = (ref: string | undefined) => {
  const name = escapeHtml(ref?.split('/').pop());
  return `<a href="#schema-${name}">${name}</a>`;
};

/** A sentence of the document as HTML: escaped, `code` spans as <code>, https links as links. */
const prose = (s: unknown) =>
  escapeHtml(s)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/https:\/\/[^\s<]+[^\s<.,;)]/g, (url) => `<a href="${url}">${url}</a>`);

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
h2{margin-top:2.5rem;border-bottom:1px solid #ddd}code,pre{font:13px ui-monospace,monospace}
pre{background:#f6f6f6;padding:.75rem;overflow:auto;max-height:24rem}
.op{margin:1.5rem 0}.m{display:inline-block;min-width:3.5rem;font-weight:700}
table{border-collapse:collapse;display:block;max-width:100%;overflow-x:auto}
td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}
section{margin:.75rem 0}h3{overflow-wrap:anywhere}`;

/** The Content-Security-Policy of the reference page: no script at all, its one inline stylesheet by hash. */
export const referencePageCsp = () =>
  `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

type Doc = {
  info: { title: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema> };
};

/**
 * The OpenAPI document as one readable HTML page: every operation by tag, its parameters, body
 * and answers, and each schema as JSON (a section each, so a link to one lands on it open). Rendered by the sandbox itself, so it works offline and
 * needs no script (the page's CSP allows none).
 */
export function referencePage(document: JsonSchema): string {
  const doc = document as unknown as Doc;
  const sections = doc.tags.map(({ name }) => {
    const ops: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of ['get', 'post', 'put'] as const) {
        const op = item[method] as
          | (JsonSchema & {
              tags: string[];
              operationId: string;
              summary: string;
              description?: string;
              parameters?: JsonSchema[];
              requestBody?: JsonSchema;
              responses: Record<string, JsonSchema>;
              security: JsonSchema[];
            })
          | undefined;
        if (!op || op.tags[0] !== name) continue;
        const params = (op.parameters ?? [])
          .map(
            (p) =>
              `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td>` +
              `<td>${p.required ? 'yes' : 'no'}</td><td>${prose(p.description)}</td></tr>`,
          )
          .join('');
        const body = op.requestBody
          ? Object.entries((op.requestBody as { content: Record<string, { schema?: { $ref?: string } }> }).content)
              .map(([type, media]) => `<p>Body <code>${escapeHtml(type)}</code>: ${schemaLink(media.schema?.$ref)}</p>`)
              .join('')
          : '';
        const answers = Object.entries(op.responses)
          .map(([status, r]) => {
            const content = Object.entries(
              (r.content as Record<string, { schema?: { $ref?: string } }> | undefined) ?? {},
            )
              .map(
                ([type, media]) =>
                  `<code>${escapeHtml(type)}</code>${media.schema?.$ref ? ` ${schemaLink(media.schema.$ref)}` : ''}`,
              )
              .join(', ');
            return `<tr><td>${escapeHtml(status)}</td><td>${prose(r.description)}</td><td>${content}</td></tr>`;
          })
          .join('');
        const auth = op.security.length ? Object.keys(op.security[0]!).join(', ') : 'none';
        ops.push(`<div class="op" id="${escapeHtml(op.operationId)}"><h3><span class="m">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${prose(op.summary)} <small>(auth: ${escapeHtml(auth)}, operationId <code>${escapeHtml(op.operationId)}</code>)</small></p>
${op.description ? `<p>${prose(op.description)}</p>` : ''}
${params ? `<table><tr><th>Parameter</th><th>In</th><th>Required</th><th></th></tr>${params}</table>` : ''}${body}
<table><tr><th>Status</th><th>Answer</th><th>Content</th></tr>${answers}</table></div>`);
      }
    }
    return `<h2>${escapeHtml(name)}</h2>${ops.join('\n')}`;
  });
  const schemas = Object.entries(doc.components.schemas)
    .map(
      ([name, schema]) =>
        `<section id="schema-${escapeHtml(name)}"><h3><code>${escapeHtml(name)}</code></h3><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></section>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title><style>${STYLE}</style></head><body>
<h1>${escapeHtml(doc.info.title)}</h1><p>${prose(doc.info.description)}</p>
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1). API: <code>${escapeHtml(doc.servers[0]?.url)}</code>.</p>
${sections.join('\n')}
<h2>Schemas</h2>${schemas}
</body></html>`;
}
