import { Link, Text } from '@chakra-ui/react';
import { PATHS, showDialog, useProfileInMode } from '@suite/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { PublicCard } from '../../components/PublicCard';
import { NS } from '../../i18n';
import { validateOtpLink } from './otpResetRequest';

/**
 * /resetotp (docs/product/passwords.md, OTP reset): confirms the
 * OTP-reset request of the e-mailed link and shows the result in a modal; Aceptar leads to sign-in.
 * It needs no session, so it renders for anyone holding the link, signed in or not.
 */
export function ResetOtp() {
  const { t } = useTranslation(NS);
  const { colors } = useProfileInMode();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  // the link is single use: one request, even when React runs the effect twice
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void (async () => {
      const outcome = await validateOtpLink(search);
      setDone(true);
      const confirmed = await showDialog({ message: outcome.message, ...(outcome.ok ? {} : { title: t('resetOtp.error') }) });
      if (confirmed === 'confirm') navigate(PATHS.login, { replace: true });
    })();
  }, [search, navigate, t]);

  return (
    <PublicCard title={t('screens.resetotp')} logo="signIn">
      <Text role="status">{done ? t('resetOtp.done') : t('resetOtp.validating')}</Text>
      {done ? (
        <Link asChild color={colors.link}>
          <RouterLink to={PATHS.login}>{t('resetOtp.link')}</RouterLink>
        </Link>
      ) : null}
    </PublicCard>
  );
}
