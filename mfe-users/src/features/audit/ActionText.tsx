import { chakra } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_NS } from './i18n';

/** A code looked up: `<entity>.<verb>` parts only, nothing i18next would read as a namespace or a nesting. */
const CODE = /^[\w-]+(\.[\w-]+)+$/;

/**
 * The name of an action code in a language ('Ingreso fallido' for `user.sign_in_failed`: the
 * namespace's `actions` tree); undefined for a code without one (a part of a code, a new one).
 */
export function actionNameOf(t: TFunction, code: string): string | undefined {
  if (!CODE.test(code)) return undefined;
  // returnObjects: a part of a code ('application.client') is a branch of the tree, not a name
  const name: unknown = t(`actions.${code}`, { ns: AUDIT_NS, defaultValue: '', returnObjects: true });
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/** actionNameOf in the page's language. */
export function useActionName(): (code: string) => string | undefined {
  const { t } = useTranslation(AUDIT_NS);
  return useCallback((code: string) => actionNameOf(t, code), [t]);
}

/** An action's name in the page's language, or its code when it has none (labels of rows and buttons). */
export function useActionLabel(): (code: string) => string {
  const { t } = useTranslation(AUDIT_NS);
  return useCallback((code: string) => actionNameOf(t, code) ?? code, [t]);
}

/**
 * An action as the list and the detail show it: its name, with the code beneath in small monospace
 * (what the Acción filter and the search take); a code without a name alone.
 */
export function ActionText({ code }: { code: string }) {
  const name = useActionName()(code);
  if (!name) return <>{code}</>;
  return (
    <>
      <chakra.span display="block">{name}</chakra.span>
      <chakra.code display="block" fontFamily="mono" fontSize="xs" color="fg.muted">
        {code}
      </chakra.code>
    </>
  );
}
