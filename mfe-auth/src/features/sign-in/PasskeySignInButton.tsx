import { passkeysAvailable, type Envelope, type LoginResult } from '@suite/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { requestPasskeySignIn } from '../../passkeyRequests';
import { OtherWayButton } from './OtherWayButton';

/**
 * 'Ingresar con llave de acceso' (docs/adr/0037-second-factors.md), where the application allows
 * it and the browser has WebAuthn: the person picks a passkey, no user name typed. Its reply goes
 * through the form's own outcome handling (`submit`), so a lock or a block reads as a sign-in's.
 */
export function PasskeySignInButton({
  enabled,
  submit,
}: {
  enabled: boolean;
  submit: (send: () => Promise<Envelope<LoginResult>>, user: string) => Promise<void>;
}) {
  const { t } = useTranslation(NS);
  const [busy, setBusy] = useState(false);
  if (!enabled || !passkeysAvailable()) return null;

  const start = async () => {
    setBusy(true);
    try {
      await submit(() => requestPasskeySignIn(), '');
    } finally {
      setBusy(false);
    }
  };

  return <OtherWayButton label={t('signIn.passkey')} busy={busy} onClick={() => void start()} />;
}
