import { Box, Text } from '@chakra-ui/react';
import { CAPTCHA_CHALLENGE_PATH, OTP_RESET_MESSAGES, asLanguage, useLocalize, useProfileInMode } from '@suite/shared';
import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyScreen } from '../lazyScreen';

/** The rendered widget's height (its style sheet's box): kept while it loads. */
const WIDGET_HEIGHT = '70px';

/** The widget's own chunk, fetched only when the application asks for the captcha. */
const AltchaWidget = lazyScreen(() =>
  import('./AltchaWidget').then(async (m) => {
    await m.widgetStylesheet();
    return m.AltchaWidget;
  }),
);

export interface Captcha {
  /** The application asks for it (parameter captchaApply). */
  required: boolean;
  /** Solved: the payload the sign-in sends as tokenCaptcha. */
  token: string;
  /** Whether Ingresar may be pressed as far as the captcha goes. */
  solved: boolean;
  /** The widget, and 'Por favor valida que no eres un robot' while `remind` and unsolved. */
  field(remind: boolean): ReactNode;
  /** A sign-in spends the solution: a fresh widget for the next attempt. */
  reset(): void;
}

/** The sign-in captcha (docs/product/sign-in.md, Captcha): shown, and required, only when `required`. */
export function useCaptcha(required: boolean): Captcha {
  const { i18n } = useTranslation();
  const localized = useLocalize();
  const { colors } = useProfileInMode();
  const [token, setToken] = useState('');
  const [generation, setGeneration] = useState(0);
  const onChange = useCallback((payload: string | null) => setToken(payload ?? ''), []);
  const reset = useCallback(() => {
    setToken('');
    setGeneration((n) => n + 1);
  }, []);
  const solved = !required || token !== '';
  const language = asLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'es';

  const field = (remind: boolean) =>
    required ? (
      <div>
        {/* its own boundary: the form stays on screen while the widget's chunk and style sheet
            arrive, in the widget's height, so nothing below moves under a pointer when it shows */}
        <Box minH={WIDGET_HEIGHT}>
          <Suspense fallback={null}>
            <AltchaWidget key={`${generation}-${language}`} challenge={CAPTCHA_CHALLENGE_PATH} language={language} onChange={onChange} />
          </Suspense>
        </Box>
        {remind && !solved ? (
          <Text
            mt="2"
            px="3"
            py="2"
            borderRadius="l2"
            fontSize="sm"
            bg={colors.errorBox.background}
            color={colors.errorBox.text}
            role="status"
          >
            {localized(OTP_RESET_MESSAGES.captchaRequired)}
          </Text>
        ) : null}
      </div>
    ) : null;

  return { required, token: required ? token : '', solved, field, reset };
}
