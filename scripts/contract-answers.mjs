// Checks the sandbox's answers against its OpenAPI document (docs/openapi.json): status code,
// content type, headers and JSON body (ajv, draft 2020-12). Used by the contract tests and, as a
// command, on the answers the sandbox and e2e suites recorded (GATEWAY_SANDBOX_ANSWER_LOG):
//   node scripts/contract-answers.mjs reports/answers-sandbox.jsonl [more.jsonl] [--json out.json]
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export const DOCUMENT_PATH = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));

/** Builds the checker of one document: `check(answer)` lists what in an answer the document does not allow. */
export function answerValidator(document) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc', components: document.components });
  const bodyCheck = new Map();
  const compiled = (schema) => {
    const key = JSON.stringify(schema);
    if (!bodyCheck.has(key)) bodyCheck.set(key, ajv.compile({ $ref: `doc#${schema.$ref.slice(1)}` }));
    return bodyCheck.get(key);
  };
  const operations = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'post', 'put'])
      if (item[method])
        operations.push({
          method: method.toUpperCase(),
          path,
          pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
          op: item[method],
        });
  }
  // Static paths first: /public-keys/card is not /public-keys/{id}.
  operations.sort((a, b) => (a.path.includes('{') ? 1 : 0) - (b.path.includes('{') ? 1 : 0));
  const errorSchema = { $ref: '#/components/schemas/Error' };

  /** The operation an answer belongs to, or undefined for a path no operation has. */
  const operationOf = (method, path) => operations.find((o) => o.method === method && o.pattern.test(path));

  /**
   * `answer`: { method, path (no query), status, headers: { lower-case name: value }, body?: text (JSON answers) }.
   * Returns the problems, each a sentence; none when the document allows the answer.
   */
  function check(answer) {
    const problems = [];
    const where = `${answer.method} ${answer.path} → ${answer.status}`;
    const found = operationOf(answer.method, answer.path);
    // A method and path no operation has: the API's 404, or 405 with Allow when the path has
    // operations for other methods (docs/errors.md), with the error body; 401 first where the
    // path's prefix needs the bearer token and the request had none.
    const unrouted = {
      headers: { 'x-trace-id': {} },
      content: { 'application/json': { schema: errorSchema }, 'text/html': {} },
    };
    const otherMethods = !found && operations.some((o) => o.pattern.test(answer.path));
    const responses = found
      ? found.op.responses
      : otherMethods
        ? { 401: unrouted, 405: { ...unrouted, headers: { ...unrouted.headers, allow: { required: true } } } }
        : { 401: unrouted, 404: unrouted };
    const response = responses[String(answer.status)];
    if (!response) return [`${where}: status ${answer.status} is not documented for this operation`];
    const type = (answer.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    const content = response.content ?? {};
    if (!Object.keys(content).length) {
      if (type && answer.status !== 204) problems.push(`${where}: has a ${type} body where none is documented`);
    } else if (!(type in content)) {
      problems.push(
        `${where}: content type ${type || '(none)'} is not documented (${Object.keys(content).join(', ')})`,
      );
    }
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const required = header.$ref ? true : header.required;
      const value = answer.headers[name.toLowerCase()];
      if (required && value === undefined) problems.push(`${where}: header ${name} is missing`);
      if (value !== undefined && header.schema) {
        const valid = ajv.validate(header.schema, value);
        if (!valid) problems.push(`${where}: header ${name} ${ajv.errorsText(ajv.errors)}`);
      }
    }
    const schema = content[type]?.schema;
    if (type === 'application/json' && schema?.$ref) {
      let body;
      try {
        body = JSON.parse(answer.body ?? '');
      } catch {
        problems.push(`${where}: the body is not JSON`);
      }
      if (body !== undefined) {
        const validate = compiled(schema);
        if (!validate(body)) problems.push(`${where}: body ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`);
      }
    }
    return problems;
  }
  return { check, operationOf, operations };
}

/** Checks every recorded answer of the given JSONL files; returns the figures and the first problems. */
export function checkAnswerLogs(files, document = JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8'))) {
  const { check } = answerValidator(document);
  let checked = 0;
  let failed = 0;
  const problems = [];
  for (const file of files) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line) continue;
      const answer = JSON.parse(line);
      // The console's pages (/console/…) are HTML for a person, not the API the document describes
      // (docs/console.md); the JSON endpoints under them, /sandbox/…, are checked like the rest.
      if (answer.path === '/console' || answer.path.startsWith('/console/')) continue;
      checked++;
      const found = check(answer);
      if (found.length) {
        failed++;
        if (problems.length < 50) problems.push(...found);
      }
    }
  }
  return { checked, failed, problems };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const out = args.includes('--json') ? args.splice(args.indexOf('--json'), 2)[1] : undefined;
  const result = checkAnswerLogs(args);
  for (const p of result.problems) console.error(`contract: ${p}`);
  console.log(`contract answers: ${result.checked} checked, ${result.failed} not as documented`);
  if (out) writeFileSync(out, JSON.stringify(result));
  process.exit(result.failed ? 1 : 0);
}
