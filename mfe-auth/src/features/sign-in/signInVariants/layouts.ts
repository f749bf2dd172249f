import type { SignInVariant } from '@suite/shared';
import type { ComponentType } from 'react';
import type { RevealMode } from '../../../components/RevealPasswordButton';
import { ClassicLayout } from './ClassicLayout';
import type { SignInLayoutProps } from './layoutTypes';
import { MyselfLayout } from './MyselfLayout';
import { TwoColumnLayout } from './TwoColumnLayout';

/** The layout of each sign-in variant (docs/product/sign-in.md, Screens); the form inside is always the same. */
export const SIGN_IN_LAYOUTS: Record<SignInVariant, ComponentType<SignInLayoutProps>> = {
  classic: ClassicLayout,
  twoColumn: TwoColumnLayout,
  // the classic card; its language bar comes with every public page of the application (PublicPage)
  translated: ClassicLayout,
  myself: MyselfLayout,
  // the classic card around the certificate form (SignIn picks the form by variant)
  certificate: ClassicLayout,
};

/** The layout of a profile's variant; classic for a value this build does not know. */
export function signInLayoutFor(variant: string): ComponentType<SignInLayoutProps> {
  return Object.hasOwn(SIGN_IN_LAYOUTS, variant) ? SIGN_IN_LAYOUTS[variant as SignInVariant] : ClassicLayout;
}

/** How each variant's password field reveals its value: the newer myself-style look holds to reveal. */
export const SIGN_IN_REVEAL_MODES: Record<SignInVariant, RevealMode> = {
  classic: 'toggle',
  twoColumn: 'toggle',
  translated: 'toggle',
  myself: 'hold',
  certificate: 'toggle',
};

/** The reveal mode of a profile's variant; the toggle for a value this build does not know. */
export function revealModeFor(variant: string): RevealMode {
  return Object.hasOwn(SIGN_IN_REVEAL_MODES, variant) ? SIGN_IN_REVEAL_MODES[variant as SignInVariant] : 'toggle';
}
