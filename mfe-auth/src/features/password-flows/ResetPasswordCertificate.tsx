import { Box, Button, Field, chakra, Input, Stack, Text } from '@chakra-ui/react';
import {
  ApiError,
  PATHS,
  apiErrorMessage,
  emailSentRoute,
  useLocalize,
  type DocumentTypeRecord,
  type UserAccountEntry,
} from '@suite/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FormError } from '../../components/FormError';
import { BackToSignInLink } from '../../components/BackToSignInLink';
import { PublicCard } from '../../components/PublicCard';
import {
  fetchDocumentTypes,
  requestAccountsOfDocument,
  requestCertificateResetLink,
  requestResetCode,
  validateResetCode,
} from '../../certificateRequests';
import { NS } from '../../i18n';
import type { AlertState, CheckEmailState } from '../../navigation';
import { documentNumberError, resetCodeError } from '../../certificateRules';

/** A failed reset shows the server message, then the page reloads (docs/product/passwords.md, Certificate users). */
export const RESET_FAILURE_RELOAD_MS = 3000;

type Step = 'document' | 'code' | 'resend' | 'done';

/**
 * /resetpasswordCertificate (docs/product/passwords.md, Certificate users): document type and number → the accounts
 * tied to it → the chosen one resets by link (check-your-email) when its password was assigned by
 * hand, otherwise by a 6-digit e-mailed code, with a resend step; on success, back to /Login.
 */
export function ResetPasswordCertificate({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  const navigate = useNavigate();
  const [types, setTypes] = useState<DocumentTypeRecord[]>([]);
  const [typeId, setTypeId] = useState('');
  const typeSelectId = useId();
  const [number, setNumber] = useState('');
  const [accounts, setAccounts] = useState<UserAccountEntry[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>('document');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchDocumentTypes().then(
      (found) => live && setTypes(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const type = types.find((d) => String(d.documentTypeId) === typeId);
  const numberError = number === '' ? null : documentNumberError(type, number);
  const account = accounts?.find((a) => a.username === chosen);
  const codeError = touched ? resetCodeError(code) : null;

  /**
   * Runs a call and shows the server's message when it fails; a failed reset request (the link or
   * the code asked for) also reloads the page after 3 s, a failed code step does not.
   */
  const run = async (work: () => Promise<void>, reloadOnFailure = false) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(apiErrorMessage(failure));
      if (reloadOnFailure) setTimeout(reload, RESET_FAILURE_RELOAD_MS);
    } finally {
      setBusy(false);
    }
  };

  const search = () =>
    run(async () => {
      if (!type) return;
      try {
        const reply = await requestAccountsOfDocument(type.documentTypeId, number.trim());
        const found = Array.isArray(reply.result?.accounts) ? reply.result.accounts : [];
        setAccounts(found);
        setChosen(found.length === 1 ? found[0].username : '');
      } catch (failure) {
        setAccounts(null);
        if (failure instanceof ApiError && failure.status === 404) setError(apiErrorMessage(failure));
        else throw failure;
      }
    });

  const continueWith = () =>
    run(async () => {
      if (!account) return;
      if (account.assignManualPassword) {
        const reply = await requestCertificateResetLink(account.username);
        if (emailSentRoute() === PATHS.checkEmail) {
          const state: CheckEmailState = { maskedEmail: account.email, user: account.username, message: reply.result.information };
          navigate(PATHS.checkEmail, { state });
        } else {
          const state: AlertState = { message: reply.result.information, page: PATHS.login };
          navigate(PATHS.alert, { state });
        }
        return;
      }
      await requestResetCode(account.username);
      setCode('');
      setTouched(false);
      setStep('code');
    }, true);

  const checkCode = () =>
    run(async () => {
      setTouched(true);
      if (!account || resetCodeError(code)) return;
      await validateResetCode(account.username, code.trim());
      setStep('done');
    });

  const resend = () =>
    run(async () => {
      if (!account) return;
      await requestResetCode(account.username);
      setCode('');
      setTouched(false);
      setStep('code');
    }, true);

  const errorBox = <FormError message={error && localized(error)} />;

  if (step === 'done') {
    return (
      <PublicCard title={t('certificate.doneTitle')} logo="successAlert">
        <Text role="status">{t('certificate.done')}</Text>
        <Button colorPalette="brand" onClick={() => navigate(PATHS.login, { replace: true })}>
          {t('certificate.understood')}
        </Button>
      </PublicCard>
    );
  }

  if (step === 'resend' && account) {
    return (
      <PublicCard title={t('certificate.resendTitle')} logo="checkEmailAgain">
        {errorBox}
        <Text>
          {t('certificate.resendIntro')} <strong>{account.email}</strong>
        </Text>
        <Stack direction="row" gap="3">
          <Button variant="outline" onClick={() => setStep('code')}>
            {t('certificate.back')}
          </Button>
          <Button colorPalette="brand" disabled={busy} loading={busy} onClick={() => void resend()}>
            {t('certificate.send')}
          </Button>
        </Stack>
      </PublicCard>
    );
  }

  if (step === 'code' && account) {
    return (
      <PublicCard title={t('certificate.codeTitle')} logo="checkEmail">
        {errorBox}
        <Text>{t('certificate.codeIntro', { email: account.email })}</Text>
        <Field.Root invalid={Boolean(codeError)}>
          <Field.Label>{t('certificate.code')}</Field.Label>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onBlur={() => setTouched(true)}
          />
          <Field.ErrorText>{localized(codeError ?? '')}</Field.ErrorText>
        </Field.Root>
        <Stack direction="row" gap="3">
          <Button variant="outline" onClick={() => setStep('document')}>
            {t('certificate.back')}
          </Button>
          <Button colorPalette="brand" disabled={busy || Boolean(resetCodeError(code))} loading={busy} onClick={() => void checkCode()}>
            {t('certificate.continue')}
          </Button>
        </Stack>
        <Button variant="plain" alignSelf="center" textDecoration="underline" onClick={() => setStep('resend')}>
          {t('certificate.notReceived')}
        </Button>
      </PublicCard>
    );
  }

  return (
    <PublicCard title={t('reset.title')} logo="rememberPassword">
      <Text>{t('certificate.resetIntro')}</Text>
      {errorBox}
      <Field.Root invalid={!type && touched} id={typeSelectId}>
        <Field.Label>{t('certificate.documentType')}</Field.Label>
        <chakra.select
          id={typeSelectId}
          h="10"
          px="3"
          borderWidth="1px"
          borderRadius="l2"
          value={typeId}
          onChange={(e) => setTypeId(e.target.value)}
        >
          <option value="">{t('certificate.choose')}</option>
          {types.map((d) => (
            <option key={d.documentTypeId} value={String(d.documentTypeId)}>
              {d.documentTypeAllowed} - {d.documentTypeDescription}
            </option>
          ))}
        </chakra.select>
      </Field.Root>
      <Field.Root invalid={Boolean(numberError)}>
        <Field.Label>{t('certificate.documentNumber')}</Field.Label>
        <Input maxLength={15} value={number} onChange={(e) => setNumber(e.target.value)} />
        <Field.ErrorText>{localized(numberError ?? '')}</Field.ErrorText>
      </Field.Root>
      <Button
        colorPalette="brand"
        disabled={!type || number === '' || Boolean(numberError) || busy}
        loading={busy && !accounts}
        onClick={() => void search()}
      >
        {t('certificate.search')}
      </Button>
      {accounts && accounts.length > 0 ? (
        <Box as="fieldset" border="0" p="0" m="0">
          <Box as="legend" mb="3">
            {t('certificate.accountsLegend')}
          </Box>
          <Stack gap="2">
            {accounts.map((a) => (
              <Box as="label" key={a.username} display="flex" alignItems="center" gap="3" cursor="pointer">
                <input
                  type="radio"
                  name="certificate-account"
                  value={a.username}
                  checked={chosen === a.username}
                  onChange={() => setChosen(a.username)}
                />
                <Text as="span">
                  {a.username} ({a.email})
                </Text>
              </Box>
            ))}
          </Stack>
          {!chosen ? <Text color="fg.muted">{t('signIn.required')}</Text> : null}
          <Button mt="4" colorPalette="brand" disabled={!chosen || busy} loading={busy} onClick={() => void continueWith()}>
            {t('certificate.continue')}
          </Button>
        </Box>
      ) : null}
      <BackToSignInLink />
    </PublicCard>
  );
}
