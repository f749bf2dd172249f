import { Link } from '@chakra-ui/react';
import { PATHS, useProfileInMode } from '@suite/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { NS } from '../i18n';

/** 'Volver a iniciar sesión' under a public screen, in the profile's link colour; `onLeave` runs first (e.g. to clear stored state). */
export function BackToSignInLink({ onLeave }: { onLeave?: () => void }) {
  const { t } = useTranslation(NS);
  const { colors } = useProfileInMode();
  return (
    <Link asChild alignSelf="center" color={colors.link}>
      <RouterLink to={PATHS.login} replace={Boolean(onLeave)} state={null} onClick={onLeave}>
        {t('reset.backToSignIn')}
      </RouterLink>
    </Link>
  );
}
