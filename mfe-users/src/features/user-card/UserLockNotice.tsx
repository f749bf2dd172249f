import { Alert, Button } from '@chakra-ui/react';
import { useConsoleMutation, type UserDetail } from '@suite/shared/console';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_SECURITY_MESSAGES, unlockUser } from '../../api/userSecurity';
import { lockLabel } from '../../components/lockLabel';
import { CARD_NS } from './i18n';

/** How often a temporary lock's minutes left are read again while the card is open. */
const TICK_MS = 15_000;

/**
 * The person's lockout on their card (docs/product/users.md, Sessions and lockout): a temporary
 * lock with its time left, or a block until lifted, and 'Desbloquear' (USERS_WRITE, audited).
 * The reload after it reads the user without the lock, so the notice goes.
 */
export function UserLockNotice({ user }: { user: UserDetail }) {
  const { t } = useTranslation(CARD_NS);
  const unlock = useConsoleMutation({
    run: () => unlockUser(user.id),
    invalidates: ['users'],
    confirm: t('lock.confirmUnlock'),
    success: USER_SECURITY_MESSAGES.unlocked,
  });
  // a temporary lock counts down on screen, and the notice goes when it ends
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const temporary = user.lock?.kind === 'locked';
  useEffect(() => {
    if (!temporary) return;
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, [temporary]);

  const lock = lockLabel(user);
  if (!lock) return null;
  return (
    <Alert.Root status="warning" role="status" mb="4" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{lock.kind === 'locked' ? t('lock.locked', { minutes: lock.minutes }) : t('lock.blocked')}</Alert.Title>
      </Alert.Content>
      <Button size="sm" variant="outline" loading={unlock.pending} onClick={() => void unlock.mutate()}>
        {t('lock.unlock')}
      </Button>
    </Alert.Root>
  );
}
