/** A required parameter is missing. */
export const REQUIRED_PARAMETER = '40001';
/** A parameter is present but its value breaks a rule. */
export const INVALID_PARAMETER = '40002';
/** A parameter the API does not know was sent (orders API only; the SDK ignores unknown keys). */
export const UNEXPECTED_PARAMETER = '40003';

/** One validation problem, as the SDK reports it (camelCase). */
export interface ErrorItem {
  /** `40001` missing, `40002` invalid, `40003` unexpected, or another stable code. */
  code: string;
  /** What is wrong, in words a developer understands. */
  description: string;
  /** The path of the parameter as the integrator wrote it, e.g. `data.customer.phones[0].number`. */
  parameterName: string;
}

/** The same item as the HTTP API spells it (snake_case). */
export interface ApiErrorItem {
  code: string;
  description: string;
  parameter_name: string;
}

/** The body of every HTTP error the API answers. */
export interface ApiErrorBody {
  error_messages: ApiErrorItem[];
}

/**
 * The item for `parameterName` breaking a rule: the description is the parameter's name, then the
 * rule ("data.amount.value must be …"). One builder for every item the SDK makes, so the script
 * carries the shape once.
 */
export const errorItem = (code: string, parameterName: string, rule: string): ErrorItem => ({
  code,
  parameterName,
  description: `${parameterName} ${rule}`,
});

export const toApiErrorItem = (item: ErrorItem): ApiErrorItem => ({
  code: item.code,
  description: item.description,
  parameter_name: item.parameterName,
});
