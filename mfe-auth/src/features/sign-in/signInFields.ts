import { signInFieldErrors, signInFieldsOutput, type SignInFieldName, type SignInFieldValues } from '@suite/shared';
import { useRef, useState, type ChangeEvent, type RefObject } from 'react';

/**
 * The sign-in form's two fields without a form library: the first screen of the suite carries
 * none (docs/adr/0019-login-route-budget.md). They validate by the contract's rules
 * (`signInFieldErrors`, contracts/login.ts: what the API checks) and behave as the portal's other
 * forms: an error shows once a field was left (or a send was tried) and follows every keystroke
 * after that.
 */
const FIELDS: readonly SignInFieldName[] = ['user', 'password'];

export interface SignInFields {
  values: SignInFieldValues;
  /** The errors to show now: of the fields already left, or of every field after a send was tried. */
  errors: Partial<Record<SignInFieldName, string>>;
  /** Props of a field's input: value, change, blur and the ref that takes the focus of an invalid send. */
  bind: (field: SignInFieldName) => {
    name: SignInFieldName;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: () => void;
    ref: RefObject<HTMLInputElement | null>;
  };
  /** Marks a send as tried; the values to send, or null after focusing the first invalid field. */
  validated: () => ReturnType<typeof signInFieldsOutput>;
}

export function useSignInFields(): SignInFields {
  const [values, setValues] = useState<SignInFieldValues>({ user: '', password: '' });
  const [touched, setTouched] = useState<Record<SignInFieldName, boolean>>({ user: false, password: false });
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
      const output = signInFieldsOutput(values);
      if (!output) refs[FIELDS.find((field) => all[field]) ?? 'user'].current?.focus();
      return output;
    },
  };
}
