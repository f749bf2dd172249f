import * as v from 'valibot';
import { es } from '../phrases/es';

/**
 * The one gate every request input of the API goes through (`parseRequest`): bodies, and the
 * headers each route reads, whatever their schema says. PostgreSQL cannot store U+0000 in text
 * (the statement fails, which used to surface as a 500), so a NUL anywhere is refused with a 400
 * before any schema or query runs. Checking the raw input here — not in each field's schema —
 * means a new contract, or a field typed as a bare `v.string()`, cannot forget it.
 *
 * Also refused, because no identity field legitimately holds them and they only serve to
 * disguise values in logs, terminals and e-mails: the other C0 control characters except tab,
 * line feed and carriage return (free text may hold those), and lone UTF-16 surrogates (not
 * Unicode text: they would be stored as U+FFFD, not as sent).
 */

/** Text refused in every request string: NUL and C0 controls other than \t \n \r. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Issue message of a refused string; the API prefixes it with where: 'Solicitud inválida (body.user): …'. */
export const FORBIDDEN_TEXT_MESSAGE = es.request.forbiddenText;

/** True when `text` may reach storage: no NUL, no C0 control but tab/CR/LF, no lone surrogate. */
export function isAllowedText(text: string): boolean {
  return !CONTROL_CHARACTERS.test(text) && !LONE_SURROGATE.test(text);
}

/**
 * The dot path ('customer.0.name', '' for the value itself) of the first string in `value` —
 * object keys included — that isAllowedText refuses; undefined when there is none. Walks
 * iteratively so a deeply nested body cannot overflow the stack.
 */
export function findForbiddenText(value: unknown): string | undefined {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  while (stack.length) {
    const { value: current, path } = stack.pop() as { value: unknown; path: string };
    if (typeof current === 'string') {
      if (!isAllowedText(current)) return path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: join(path, i) });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i];
        if (!isAllowedText(key)) return join(path, key);
        stack.push({ value: item, path: join(path, key) });
      }
    }
  }
  return undefined;
}

/**
 * The message of an issue no rule of the contract words (valibot's English defaults otherwise): a
 * missing field is 'Campo obligatorio', a field of another type, one a closed object does not take,
 * or any other value get a phrase of the catalogue, so the caller reads it in their language.
 */
export function defaultIssueMessage(issue: v.BaseIssue<unknown>): string {
  if (issue.kind === 'schema' && issue.input === undefined) return es.messages.required;
  if (issue.type === 'strict_object' && issue.expected === 'never') return es.request.unknownField;
  if (issue.kind === 'schema') return es.request.wrongType;
  return es.request.invalidValue;
}
const PARSE_CONFIG = { message: defaultIssueMessage } as const;

export type RequestParseResult<T> = { success: true; output: T } | { success: false; path: string; message: string };

/**
 * Parses request input with its contract. Refuses forbidden text (findForbiddenText) in what was
 * sent and in what the schema produced (a transform must not bring it in), then the schema's own
 * first issue. `path` is the dot path of the offending field ('' for the input as a whole).
 */
export function parseRequest<S extends v.GenericSchema>(schema: S, input: unknown): RequestParseResult<v.InferOutput<S>> {
  const sent = findForbiddenText(input);
  if (sent !== undefined) return { success: false, path: sent, message: FORBIDDEN_TEXT_MESSAGE };
  const result = v.safeParse(schema, input, PARSE_CONFIG);
  if (!result.success) {
    const issue = result.issues[0];
    return { success: false, path: v.getDotPath(issue) ?? '', message: issue.message };
  }
  const produced = findForbiddenText(result.output);
  if (produced !== undefined) return { success: false, path: produced, message: FORBIDDEN_TEXT_MESSAGE };
  return { success: true, output: result.output };
}

export type FieldsParseResult<T> =
  | { success: true; output: T; errors: Record<string, never> }
  | { success: false; errors: Record<string, string> };

/**
 * A form's input with its contract, every field at once: each field's first issue by dot path
 * ('colors.link'), for a form that shows every error beside its field; the output when valid.
 */
export function parseFields<S extends v.GenericSchema>(schema: S, input: unknown): FieldsParseResult<v.InferOutput<S>> {
  const result = v.safeParse(schema, input, PARSE_CONFIG);
  if (result.success) return { success: true, output: result.output, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.issues) errors[v.getDotPath(issue) ?? ''] ??= issue.message;
  return { success: false, errors };
}
