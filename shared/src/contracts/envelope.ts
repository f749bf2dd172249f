import * as v from 'valibot';

/**
 * Every API reply has this shape: `{ statusCode, result, statusDetails? }`.
 * Errors keep the shape: `result.information` is the human message and
 * `result.informationCode` its code (R11, R13, …; docs/security/codes.md); HTTP status matches statusCode.
 */
export interface Envelope<T> {
  statusCode: number;
  result: T;
  statusDetails?: StatusDetail[];
}

export interface StatusDetail {
  code: string;
  description: string;
}

export interface ErrorResult {
  information: string;
  informationCode: string;
}

export const ErrorResultSchema = v.object({
  information: v.string(),
  informationCode: v.string(),
});

/** True when A and B have the same keys and each is assignable to the other. */
type SameShape<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? true
        : false
      : false
    : false
  : false;

/**
 * The schema of a reply's `result`, tied to the type the API and the clients use: it does not
 * compile when its output and `T` differ (a key either way, or a type), so the published schema
 * cannot drift from the type. `resultSchema<LoginResult>()(v.object({ … }))`.
 */
export function resultSchema<T>() {
  return <S extends v.GenericSchema>(schema: S & (SameShape<v.InferOutput<S>, T> extends true ? unknown : { outputDiffersFrom: T })): S =>
    schema;
}

export function envelopeSchema<T extends v.GenericSchema>(result: T) {
  return v.object({
    statusCode: v.number(),
    result,
    statusDetails: v.optional(v.array(v.object({ code: v.string(), description: v.string() }))),
  });
}

export function ok<T>(result: T, statusCode = 200): Envelope<T> {
  return { statusCode, result };
}

export function fail(statusCode: number, information: string, informationCode: string): Envelope<ErrorResult> {
  return { statusCode, result: { information, informationCode } };
}
