import { LoginRequestSchema } from '@suite/shared';
import { useRef, useState, type ChangeEvent, type RefObject } from 'react';
import * as v from 'valibot';

/**
 * The sign-in form's two fields without a form library: the first screen of the suite carries
 * none (docs/adr/0019-login-route-budget.md). They validate the same rules the API does
 * (contracts/login.ts) and behave as the other forms of the portal: an error shows once a field
 * was left (or a send was tried) and follows every keystroke after that.
 */
export const SignInSchema = v.pick(LoginRequestSchema, ['user', 'password']);
export type SignInValues = v.InferInput<typeof SignInSchema>;
export type SignInField = keyof SignInValues;

const FIELDS: readonly SignInField[] = ['user', 'password'];

/** Each field's first message under the contract, undefined when it is valid. */
export function signInFieldErrors(values: SignInValues): Partial<Record<SignInField, string>> {
  const errors: Partial<Record<SignInField, string>> = {};
  for (const field of FIELDS) {
    const result = v.safeParse(SignInSchema.entries[field], values[field]);
    if (!result.success) errors[field] = result.issues[0].message;
  }
  return errors;
}

/** The values the request carries (trimmed user), or null when a field breaks the contract. */
export function signInOutput(values: SignInValues): v.InferOutput<typeof SignInSchema> | null {
  const result = v.safeParse(SignInSchema, values);
  return result.success ? result.output : null;
}

export interface SignInFields {
  values: SignInValues;
  /** The errors to show now: of the fields already left, or of every field after a send was tried. */
  errors: Partial<Record<SignInField, string>>;
  /** Props of a field's input: value, change, blur and the ref that takes the focus of an invalid send. */
  bind: (field: SignInField) => {
    name: SignInField;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: () => void;
    ref: RefObject<HTMLInputElement | null>;
  };
  /** Marks a send as tried; the valid output, or null after focusing the first invalid field. */
  validated: () => v.InferOutput<typeof SignInSchema> | null;
}

export function useSignInFields(): SignInFields {
  const [values, setValues] = useState<SignInValues>({ user: '', password: '' });
  const [touched, setTouched] = useState<Record<SignInField, boolean>>({ user: false, password: false });
  const [tried, setTried] = useState(false);
  const userRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const refs = { user: userRef, password: passwordRef };

  const all = signInFieldErrors(values);
  const errors = Object.fromEntries(FIELDS.filter((field) => all[field] && (tried || touched[field])).map((field) => [field, all[field]]));

  return {
    values,
    errors,
    bind: (field) => ({
      name: field,
      value: values[field],
      onChange: (event) => {
        const { value } = event.target;
        setValues((current) => ({ ...current, [field]: value }));
      },
      onBlur: () => setTouched((current) => (current[field] ? current : { ...current, [field]: true })),
      ref: refs[field],
    }),
    validated: () => {
      setTried(true);
      const output = signInOutput(values);
      if (!output) refs[FIELDS.find((field) => all[field]) ?? 'user'].current?.focus();
      return output;
    },
  };
}
