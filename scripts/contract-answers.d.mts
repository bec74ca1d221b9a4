/** One answer of the sandbox as recorded: header names lower-case, body only for JSON answers. */
export interface RecordedAnswer {
  method: string;
  path: string;
  status: number;
  headers: Record<string, string>;
  body?: string;
}
/** The committed document's path. */
export declare const DOCUMENT_PATH: string;
/** A document's operation, as the validator matches it. */
export interface MatchedOperation {
  method: string;
  path: string;
  pattern: RegExp;
  op: { operationId: string; responses: Record<string, unknown> };
}
/** The checker of one OpenAPI document. */
export declare function answerValidator(document: unknown): {
  /** What in an answer the document does not allow; empty when it allows it. */
  check(answer: RecordedAnswer): string[];
  operationOf(method: string, path: string): MatchedOperation | undefined;
  operations: MatchedOperation[];
};
/** Checks every answer of JSONL files. */
export declare function checkAnswerLogs(
  files: string[],
  document?: unknown,
): { checked: number; failed: number; problems: string[] };
