import { es } from '../phrases/es';
import { formatPhrase } from '../phrases/core';

/**
 * The console's generic validation messages (docs/product/console.md, Generic validation messages),
 * verbatim. They are the phrase catalogue's Spanish `validation` group, so the API answers with the
 * same texts the forms show and both render them in the caller's language (phrases/localize).
 */
export const VALIDATION_MESSAGES = es.validation;

/** Fills the `:name` placeholders of a message: formatMessage('Debe tener al menos :min caracteres.', { min: 3 }). */
export const formatMessage = formatPhrase;

/** 'Debe tener máximo 100 caracteres.' */
export const maxMessage = (max: number) => formatMessage(VALIDATION_MESSAGES.max, { max });
/** 'Debe tener al menos 3 caracteres.' */
export const minMessage = (min: number) => formatMessage(VALIDATION_MESSAGES.min, { min });
/** 'Debe tener máximo 100 elementos.' (a list) */
export const maxItemsMessage = (max: number) => formatMessage(VALIDATION_MESSAGES.maxItems, { max });
