import {
  ApiError,
  INFORMATION_CODES,
  MESSAGES,
  apiErrorMessage,
  callEnvelope,
  otpResetTokenOf,
  passwordsApi,
  tenantLanguage,
  type ErrorResult,
  type StatusDetail,
} from '@suite/shared';

/** What the OTP-reset page shows in its modal (docs/product/passwords.md, OTP reset: statusDetails[0]). */
export interface OtpResetOutcome {
  ok: boolean;
  message: string;
}

function firstDetail(details: StatusDetail[] | undefined): StatusDetail | undefined {
  return Array.isArray(details) ? details[0] : undefined;
}

/**
 * Confirms an OTP-reset request with the token of the page's search string (after its first 6
 * characters: docs/product/passwords.md, OTP reset). A10 and R11 are read from statusDetails[0]; a failure
 * without one uses the reply's message or the no-response text.
 */
export async function validateOtpLink(search: string): Promise<OtpResetOutcome> {
  const token = otpResetTokenOf(search);
  try {
    const reply = await callEnvelope(passwordsApi.otpResetValidate, { body: { token } }, { headers: { tenantLanguage: tenantLanguage() } });
    const detail = firstDetail(reply.statusDetails);
    return {
      ok: detail?.code === INFORMATION_CODES.success,
      message: detail?.description ?? reply.result?.information ?? MESSAGES.noResponse,
    };
  } catch (error) {
    const envelope = error instanceof ApiError ? error.envelope : undefined;
    const detail = firstDetail(envelope?.statusDetails);
    const information = (envelope?.result as Partial<ErrorResult> | undefined)?.information;
    return { ok: false, message: detail?.description ?? information ?? apiErrorMessage(error) };
  }
}
