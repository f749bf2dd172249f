import 'altcha/external';
import 'altcha/i18n/es-419';
import 'altcha/i18n/pt-br';
import { createElement, useEffect, useRef, type CSSProperties } from 'react';

/**
 * The ALTCHA web component, in a chunk of its own: /login of an application without the captcha
 * never loads it. The "external" build keeps the page's Content-Security-Policy: its styles come
 * from a stylesheet of this origin and its proof-of-work runs in a worker file of this origin
 * (the default build would inline both as blob: and <style>).
 */
// the package exports its stylesheet to import/require only, not to an asset URL: named by path
const STYLESHEET = new URL('../../node_modules/altcha/dist/external/altcha.css', import.meta.url).href;
/** The widget's own texts: Latin-American Spanish, Brazilian Portuguese, English. */
const WIDGET_LANGUAGES: Record<string, string> = { es: 'es-419', pt: 'pt-br', en: 'en' };
const ALGORITHM = 'PBKDF2/SHA-256';

if (!globalThis.$altcha.algorithms.has(ALGORITHM)) {
  globalThis.$altcha.algorithms.set(ALGORITHM, () => new Worker(new URL('altcha/workers/pbkdf2', import.meta.url), { type: 'module' }));
}

let stylesheet: Promise<void> | undefined;

/**
 * Adds the widget's style sheet once; resolves when it has loaded (or failed: the widget then
 * shows unstyled rather than not at all). Awaited before the widget first renders, so it never
 * shows unstyled and then changes size under the person's pointer.
 */
export function widgetStylesheet(): Promise<void> {
  stylesheet ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = STYLESHEET;
    link.dataset.altcha = '';
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    document.head.appendChild(link);
  });
  return stylesheet;
}

/** As wide as the form's fields. */
const FULL_WIDTH = { '--altcha-max-width': '100%' } as CSSProperties;

export interface AltchaWidgetProps {
  /** Where challenges come from. */
  challenge: string;
  /** es, en or pt. */
  language: string;
  /** The widget's payload once solved; null while unsolved, failed or expired. */
  onChange: (payload: string | null) => void;
}

interface StateDetail {
  state?: string;
  payload?: string;
}

/** `<altcha-widget>`: a checkbox the person ticks; the browser then does the proof of work. */
export function AltchaWidget({ challenge, language, onChange }: AltchaWidgetProps) {
  const ref = useRef<HTMLElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    void widgetStylesheet();
    const element = ref.current;
    if (!element) return undefined;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<StateDetail>).detail ?? {};
      changed.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    element.addEventListener('statechange', onState);
    return () => element.removeEventListener('statechange', onState);
  }, []);

  return createElement('altcha-widget', {
    ref,
    challenge,
    language: WIDGET_LANGUAGES[language] ?? 'es-419',
    auto: 'off',
    type: 'checkbox',
    hidefooter: 'true',
    name: 'tokenCaptcha',
    style: FULL_WIDTH,
  });
}
