import * as z from 'zod/v4/core';
import { dataShape, type DataNode } from '../../core/authentication-request';
import type { FieldRule } from '../../core/field-rules';

/** Wraps a field rule as a zod step that also documents the rule (src/sandbox/http/request-fields.ts). */
type RuleStep = (r: FieldRule) => z.$ZodType;

/**
 * The zod schema of a 3DS request's `data`, made from the shape the SDK and the sandbox validate
 * with (core/authentication-request.ts), so the OpenAPI document describes that very shape. Built
 * on zod's core classes, as the shape was before it left zod: the document is unchanged.
 */
export function buildDataSchema(use: RuleStep): z.$ZodType {
  const build = (node: DataNode): z.$ZodType => {
    if ('optional' in node) return new z.$ZodOptional({ type: 'optional', innerType: build(node.optional) });
    if ('object' in node) {
      const { message } = node;
      const shape = Object.fromEntries(Object.entries(node.object).map(([key, inner]) => [key, build(inner)]));
      return new z.$ZodObject({ type: 'object', shape, error: () => message });
    }
    if ('list' in node) {
      const { message } = node;
      return new z.$ZodArray({ type: 'array', element: build(node.list), error: () => message });
    }
    return use(node);
  };
  return build(dataShape());
}
