import { Box, Button, Stack, Text } from '@chakra-ui/react';
import type { UserAccountEntry } from '@suite/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { FormError } from '../../components/FormError';
import { BackToSignInLink } from '../../components/BackToSignInLink';
import { NS } from '../../i18n';
import type { SelectAccountsState } from '../../navigation';
import { PublicCard } from '../../components/PublicCard';
import { RESET_ACCOUNTS_KEY, sendResetAndContinue } from '../../resetFlow';

function storedAccounts(): UserAccountEntry[] {
  try {
    const raw = sessionStorage.getItem(RESET_ACCOUNTS_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<SelectAccountsState>) : null;
    return Array.isArray(parsed?.users) ? parsed.users : [];
  } catch {
    return [];
  }
}

/** /selectaccounts (docs/product/passwords.md, Reset by e-mail): the accounts of an e-mail as radio options, then the reset of the chosen one. */
export function SelectAccounts() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const state = useLocation().state as Partial<SelectAccountsState> | null;
  const users = Array.isArray(state?.users) ? state.users : storedAccounts();
  const [chosen, setChosen] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const restore = async () => {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    const failed = await sendResetAndContinue(navigate, chosen, { isByUser: true });
    if (failed) {
      setError(failed);
      setBusy(false);
    }
  };

  const forgetAccounts = () => {
    try {
      sessionStorage.removeItem(RESET_ACCOUNTS_KEY);
    } catch {
      /* storage unavailable */
    }
  };

  return (
    <PublicCard title={t('selectAccounts.title')} logo="rememberPassword">
      <FormError message={error} />
      {users.length === 0 ? (
        <Text role="status">{t('selectAccounts.empty')}</Text>
      ) : (
        <Box as="fieldset" border="0" p="0" m="0">
          <Box as="legend" mb="3" color="fg.muted">
            {t('selectAccounts.legend')}
          </Box>
          <Stack gap="2">
            {users.map((account) => (
              <Box as="label" key={account.username} display="flex" alignItems="center" gap="3" cursor="pointer">
                <input
                  type="radio"
                  name="account"
                  value={account.username}
                  checked={chosen === account.username}
                  onChange={() => setChosen(account.username)}
                />
                <Text as="span">{account.username}</Text>
              </Box>
            ))}
          </Stack>
        </Box>
      )}
      <Button colorPalette="brand" disabled={!chosen || busy} loading={busy} onClick={() => void restore()}>
        {t('selectAccounts.submit')}
      </Button>
      <BackToSignInLink onLeave={forgetAccounts} />
    </PublicCard>
  );
}
