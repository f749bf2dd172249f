import { Box, Button, Field, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { apiErrorMessage, passkeysAvailable, type AccountFactor, type PasskeyCreation, type TotpSetup } from '@suite/shared';
import { CardFrame, ErrorAlert } from '@suite/shared/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FactorsTable } from '../../components/FactorsTable';
import { NS } from '../../i18n';
import {
  addPasskey,
  confirmTotp,
  fetchFactors,
  newRecoveryCodes,
  removeFactor,
  renameFactor,
  startPasskey,
  startTotp,
} from './securityApi';

/** What the page shows under the list: nothing, or the one step of a change under way. */
type Panel =
  | { kind: 'none' }
  | { kind: 'password'; purpose: 'totp' | 'passkey' | 'recovery' | { remove: AccountFactor } }
  | { kind: 'setup'; setup: TotpSetup }
  | { kind: 'passkey'; creation: PasskeyCreation }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'rename'; factor: AccountFactor };

const FACTORS_KEY = ['account', 'factors'] as const;
const CODE = /^\d{6}$/;

/**
 * /security (docs/adr/0037-second-factors.md): the signed-in person's own second factors — listed
 * with their type, name, when added and last used; a passkey added (the password again, then the
 * browser's own prompt) or an authenticator app set up (the password again, its QR code and
 * 'Clave', a first code); renamed or removed (the password again); new recovery codes, shown once.
 */
export function SecurityPage() {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const factors = useQuery({ queryKey: FACTORS_KEY, queryFn: fetchFactors });
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const [message, setMessage] = useState<string | null>(null);

  const done = async (text: string, next: Panel = { kind: 'none' }) => {
    setPanel(next);
    setMessage(text);
    await queryClient.invalidateQueries({ queryKey: FACTORS_KEY });
  };
  const open = (next: Panel) => {
    setMessage(null);
    setPanel(next);
  };

  const list = factors.data?.factors ?? [];
  return (
    <CardFrame title={t('security.title')} subtitle={t('security.subtitle')}>
      <Stack gap="5">
        {factors.error ? <ErrorAlert message={apiErrorMessage(factors.error)} /> : null}
        <Box as="section" aria-labelledby="security-factors">
          <Text as="h2" id="security-factors" fontWeight="semibold" fontSize="lg" mb="2">
            {t('security.factors')}
          </Text>
          {factors.isLoading ? (
            <Text role="status">{t('security.loading')}</Text>
          ) : list.length === 0 ? (
            <Text>{t('security.none')}</Text>
          ) : (
            <FactorsTable
              factors={list}
              onRename={(factor) => open({ kind: 'rename', factor })}
              onRemove={(factor) => open({ kind: 'password', purpose: { remove: factor } })}
            />
          )}
          {factors.data && list.length > 0 ? (
            <Text mt="2">{t('security.recoveryLeft', { count: factors.data.recoveryCodesLeft })}</Text>
          ) : null}
        </Box>
        {message ? (
          <Text role="status" color="green.700">
            {message}
          </Text>
        ) : null}
        <HStack gap="3" wrap="wrap">
          {passkeysAvailable() ? (
            <Button colorPalette="brand" onClick={() => open({ kind: 'password', purpose: 'passkey' })}>
              {t('security.addPasskey')}
            </Button>
          ) : null}
          <Button colorPalette="brand" onClick={() => open({ kind: 'password', purpose: 'totp' })}>
            {t('security.addTotp')}
          </Button>
          {list.length > 0 ? (
            <Button variant="outline" onClick={() => open({ kind: 'password', purpose: 'recovery' })}>
              {t('security.newRecoveryCodes')}
            </Button>
          ) : null}
        </HStack>
        {panel.kind === 'password' ? (
          <PasswordPanel
            title={
              panel.purpose === 'totp'
                ? t('security.addTotp')
                : panel.purpose === 'passkey'
                  ? t('security.addPasskey')
                  : panel.purpose === 'recovery'
                    ? t('security.newRecoveryCodes')
                    : t('security.removeTitle', { name: panel.purpose.remove.name })
            }
            onCancel={() => setPanel({ kind: 'none' })}
            onPassword={async (password) => {
              const purpose = panel.purpose;
              if (purpose === 'totp') setPanel({ kind: 'setup', setup: await startTotp(password) });
              else if (purpose === 'passkey') setPanel({ kind: 'passkey', creation: await startPasskey(password) });
              else if (purpose === 'recovery')
                await done(t('security.codesIssued'), { kind: 'codes', codes: (await newRecoveryCodes(password)).codes });
              else {
                await removeFactor(purpose.remove.id, password);
                await done(t('security.removed'));
              }
            }}
          />
        ) : null}
        {panel.kind === 'setup' ? (
          <SetupPanel
            setup={panel.setup}
            defaultName={t('factors.kinds.totp')}
            onCancel={() => setPanel({ kind: 'none' })}
            onConfirm={async (code, name) => {
              const confirmed = await confirmTotp(panel.setup.id, code, name);
              await done(
                t('security.addedMessage'),
                confirmed.recoveryCodes ? { kind: 'codes', codes: confirmed.recoveryCodes } : { kind: 'none' },
              );
            }}
          />
        ) : null}
        {panel.kind === 'passkey' ? (
          <PasskeyPanel
            defaultName={t('factors.kinds.passkey')}
            onCancel={() => setPanel({ kind: 'none' })}
            onCreate={async (name) => {
              const confirmed = await addPasskey(panel.creation, name);
              await done(
                t('security.passkeyAdded'),
                confirmed.recoveryCodes ? { kind: 'codes', codes: confirmed.recoveryCodes } : { kind: 'none' },
              );
            }}
          />
        ) : null}
        {panel.kind === 'codes' ? <CodesPanel codes={panel.codes} onClose={() => setPanel({ kind: 'none' })} /> : null}
        {panel.kind === 'rename' ? (
          <RenamePanel
            factor={panel.factor}
            onCancel={() => setPanel({ kind: 'none' })}
            onRename={async (name) => {
              await renameFactor(panel.factor.id, name);
              await done(t('security.renamed'));
            }}
          />
        ) : null}
      </Stack>
    </CardFrame>
  );
}

/** A step of a change, in a titled box below the list. */
function PanelBox({ title, children, onSubmit }: { title: string; children: ReactNode; onSubmit: (event: FormEvent) => void }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" borderRadius="md" p="4" maxW="lg">
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="4">
          <Text as="h2" fontWeight="semibold" fontSize="lg">
            {title}
          </Text>
          {children}
        </Stack>
      </form>
    </Box>
  );
}

/** A step's buttons: its submit, and Cancelar. */
function PanelActions({ submit, busy, disabled, onCancel }: { submit: string; busy: boolean; disabled: boolean; onCancel: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <HStack gap="3">
      <Button type="submit" colorPalette="brand" loading={busy} disabled={disabled}>
        {submit}
      </Button>
      <Button variant="outline" onClick={onCancel}>
        {t('security.cancel')}
      </Button>
    </HStack>
  );
}

/** Runs a step's call, holding its failure (the API's message) and its busy state. */
function useStep() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(apiErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

function PasswordPanel({
  title,
  onPassword,
  onCancel,
}: {
  title: string;
  onPassword: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NS);
  const [password, setPassword] = useState('');
  const step = useStep();
  return (
    <PanelBox
      title={title}
      onSubmit={(event) => {
        event.preventDefault();
        if (password !== '') void step.run(() => onPassword(password));
      }}
    >
      <Text>{t('security.passwordIntro')}</Text>
      {step.error ? <ErrorAlert message={step.error} /> : null}
      <Field.Root required>
        <Field.Label>{t('security.password')}</Field.Label>
        <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field.Root>
      <PanelActions submit={t('security.continue')} busy={step.busy} disabled={password === ''} onCancel={onCancel} />
    </PanelBox>
  );
}

function SetupPanel({
  setup,
  defaultName,
  onConfirm,
  onCancel,
}: {
  setup: TotpSetup;
  defaultName: string;
  onConfirm: (code: string, name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NS);
  const [code, setCode] = useState('');
  const [name, setName] = useState(defaultName);
  const step = useStep();
  const valid = CODE.test(code.trim()) && name.trim() !== '';
  return (
    <PanelBox
      title={t('security.setupTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) void step.run(() => onConfirm(code.trim(), name.trim()));
      }}
    >
      <Text>{t('security.setupIntro')}</Text>
      <chakra.img src={setup.qr} alt={t('security.qrAlt')} boxSize="48" />
      <Box>
        <Text id="security-key-label" fontWeight="semibold">
          {t('security.key')}
        </Text>
        <chakra.code aria-labelledby="security-key-label" fontSize="md" wordBreak="break-all">
          {setup.secret}
        </chakra.code>
      </Box>
      {step.error ? <ErrorAlert message={step.error} /> : null}
      <Field.Root required>
        <Field.Label>{t('factors.name')}</Field.Label>
        <Input maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
      </Field.Root>
      <Field.Root required>
        <Field.Label>{t('security.code')}</Field.Label>
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
      </Field.Root>
      <PanelActions submit={t('security.confirm')} busy={step.busy} disabled={!valid} onCancel={onCancel} />
    </PanelBox>
  );
}

/** The passkey's name, then the browser's own prompt (a click of its own: browsers ask for one). */
function PasskeyPanel({
  defaultName,
  onCreate,
  onCancel,
}: {
  defaultName: string;
  onCreate: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NS);
  const [name, setName] = useState(defaultName);
  const step = useStep();
  return (
    <PanelBox
      title={t('security.passkeyTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() !== '') void step.run(() => onCreate(name.trim()));
      }}
    >
      <Text>{t('security.passkeyIntro')}</Text>
      {step.error ? <ErrorAlert message={step.error} /> : null}
      <Field.Root required>
        <Field.Label>{t('factors.name')}</Field.Label>
        <Input maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
      </Field.Root>
      <PanelActions submit={t('security.createPasskey')} busy={step.busy} disabled={name.trim() === ''} onCancel={onCancel} />
    </PanelBox>
  );
}

function CodesPanel({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <PanelBox
      title={t('security.codesTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <Text>{t('security.codesIntro')}</Text>
      <chakra.ul aria-label={t('security.codesTitle')} listStyle="none" ps="0" m="0" display="grid" gridTemplateColumns="1fr 1fr" gap="2">
        {codes.map((code) => (
          <chakra.li key={code} fontFamily="mono">
            {code}
          </chakra.li>
        ))}
      </chakra.ul>
      <Button type="submit" colorPalette="brand" alignSelf="flex-start">
        {t('security.codesSaved')}
      </Button>
    </PanelBox>
  );
}

function RenamePanel({
  factor,
  onRename,
  onCancel,
}: {
  factor: AccountFactor;
  onRename: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NS);
  const [name, setName] = useState(factor.name);
  const step = useStep();
  return (
    <PanelBox
      title={t('security.renameTitle', { name: factor.name })}
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() !== '') void step.run(() => onRename(name.trim()));
      }}
    >
      {step.error ? <ErrorAlert message={step.error} /> : null}
      <Field.Root required>
        <Field.Label>{t('factors.name')}</Field.Label>
        <Input maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
      </Field.Root>
      <PanelActions submit={t('security.save')} busy={step.busy} disabled={name.trim() === ''} onCancel={onCancel} />
    </PanelBox>
  );
}
