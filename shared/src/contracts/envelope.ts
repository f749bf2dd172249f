import * as v from 'valibot';

/**
 * Every API reply has this shape: `{ statusCode, result, statusDetails? }`.
 * Errors keep the shape: `result.information` is the human message and
 * `result.informationCode` the spec's code (R11, R13, …); HTTP status matches statusCode.
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
