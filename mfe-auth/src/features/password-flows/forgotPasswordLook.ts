import { RESET_EMAIL_MESSAGES, resetEmailSchema, type SignInVariant } from '@suite/shared';
import * as v from 'valibot';

/**
 * The forgot-password screens' wording follows the application's sign-in look (docs/product/passwords.md, Reset by
 * e-mail): the newer myself-style look says 'Enviar' and 'Ingresa un email valido', the
 * others 'Restablecer contraseña' and 'El Campo email es obligatorio'.
 */
export interface ForgotPasswordLook {
  submitKey: 'reset.submit' | 'reset.send';
  schema: v.ObjectSchema<{ email: ReturnType<typeof resetEmailSchema> }, undefined>;
}

const formOf = (required: string) => v.object({ email: resetEmailSchema(required) });

const CLASSIC: ForgotPasswordLook = { submitKey: 'reset.submit', schema: formOf(RESET_EMAIL_MESSAGES.required) };
const NEWER: ForgotPasswordLook = { submitKey: 'reset.send', schema: formOf(RESET_EMAIL_MESSAGES.enterValid) };

const LOOKS: Record<SignInVariant, ForgotPasswordLook> = {
  classic: CLASSIC,
  twoColumn: CLASSIC,
  translated: CLASSIC,
  certificate: CLASSIC,
  myself: NEWER,
};

/** The look of a profile's sign-in variant; classic for a value this build does not know. */
export function forgotPasswordLookFor(variant: string): ForgotPasswordLook {
  return Object.hasOwn(LOOKS, variant) ? LOOKS[variant as SignInVariant] : CLASSIC;
}
