import type { ProfileColors } from '@suite/shared';

/** The profile's input colours, as the sign-in forms' inputs take them. */
export function inputColorsOf(colors: ProfileColors) {
  return { bg: colors.input.background, color: colors.input.text, borderColor: colors.input.border, focusRingColor: colors.input.focus };
}

/** The profile's button colours of the sign-in forms' Ingresar. */
export function submitColorsOf(colors: ProfileColors) {
  return {
    bg: colors.button.active,
    color: colors.button.text,
    _hover: { bg: colors.button.active, opacity: 0.9 },
    _disabled: { bg: colors.button.disabled, color: colors.button.disabledText, opacity: 1, cursor: 'not-allowed' },
  };
}
