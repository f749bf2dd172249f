import type { SignInVariant } from '@suite/shared';
import type { ReactNode } from 'react';

/** What every sign-in layout gets: the profile's variant (shown as data-sign-in-variant) and the one sign-in form. */
export interface SignInLayoutProps {
  variant: SignInVariant;
  form: ReactNode;
}

/** Id of the form's h1, which names the layout's section. */
export const SIGN_IN_TITLE_ID = 'sign-in-title';
