/**
 * The console's generic validation messages (console spec §5 "Shared messages"), verbatim.
 * They live in the contracts so the API (which must not load browser modules) answers with the
 * same texts the forms show; the console UI kit re-exports them.
 */
export const VALIDATION_MESSAGES = {
  required: 'Campo obligatorio.',
  emailFormat: 'El correo no posee el formato correcto.',
  /** Placeholder `:min`; fill it with formatMessage. */
  min: 'Debe tener al menos :min caracteres.',
  /** Placeholder `:max`; fill it with formatMessage. */
  max: 'Debe tener máximo :max caracteres.',
  /** Placeholder `:attribute` (the field's label). */
  numeric: ':attribute debe ser un número.',
} as const;

/**
 * Fills the `:name` placeholders of a message: formatMessage('Debe tener al menos :min caracteres.', { min: 3 }).
 * Unknown placeholders are left as they are.
 */
export function formatMessage(text: string, values: Record<string, string | number>): string {
  return text.replace(/:([A-Za-z]+)/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** 'Debe tener máximo 100 caracteres.' */
export const maxMessage = (max: number) => formatMessage(VALIDATION_MESSAGES.max, { max });
/** 'Debe tener al menos 3 caracteres.' */
export const minMessage = (min: number) => formatMessage(VALIDATION_MESSAGES.min, { min });
