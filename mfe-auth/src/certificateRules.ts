import { ResetCodeSchema, certificateDocumentSchema, type DocumentTypeRecord } from '@suite/shared';
import * as v from 'valibot';

/** The form rules of the certificate screens, from the contracts the API checks too (docs/product/sign-in.md, Fields and rules). */

/** The document number's error by the chosen type's rule (numeric, or alphanumeric for PA-like types), or null. */
export function documentNumberError(type: Pick<DocumentTypeRecord, 'alphanumeric'> | undefined, value: string): string | null {
  const checked = v.safeParse(certificateDocumentSchema(type?.alphanumeric ?? false), value);
  return checked.success ? null : checked.issues[0].message;
}

/** The reset code's error (required, exactly 6 digits), or null. */
export function resetCodeError(value: string): string | null {
  const checked = v.safeParse(ResetCodeSchema, value);
  return checked.success ? null : checked.issues[0].message;
}
