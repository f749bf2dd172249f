import { Center, Text } from '@chakra-ui/react';
import { useSession } from '@suite/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NS } from './i18n';

/** /logout: ends the session and returns to /Login (portal spec §2, §4). */
export function SignOut() {
  const { t } = useTranslation(NS);
  const { signOut } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    signOut();
    navigate('/Login', { replace: true });
  }, [signOut, navigate]);
  return (
    <Center minH="50vh" role="status">
      <Text>{t('signOut.progress')}</Text>
    </Center>
  );
}
