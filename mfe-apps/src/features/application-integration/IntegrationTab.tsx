import { Alert, Button, Field, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { LoadingState, apiErrorMessage, useLocalize } from '@suite/shared';
import {
  ErrorAlert,
  NativeSelect,
  PROVIDER_CLIENT_SCOPES,
  SaveProviderClientRequestSchema,
  TextArea,
  consoleKeys,
  useConsoleMutation,
  type ProviderClient,
  type ProviderClientScope,
} from '@suite/shared/console';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { fetchClients, removeClient, rotateClientSecret, saveClient } from './integrationApi';
import { INTEGRATION_NS } from './i18n';
import { Details } from '../common/Details';

type ClientForm = Omit<ProviderClient, 'redirectUris' | 'postLogoutRedirectUris' | 'backchannelLogoutUri'> & {
  redirectUris: string;
  postLogoutRedirectUris: string;
  backchannelLogoutUri: string;
};
type FormField = keyof ClientForm;

const NEW_CLIENT: ClientForm = {
  clientId: '',
  clientType: 'confidential',
  redirectUris: '',
  postLogoutRedirectUris: '',
  scopes: ['openid', 'profile', 'email'],
  backchannelLogoutUri: '',
};

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const toForm = (client: ProviderClient): ClientForm => ({
  ...client,
  redirectUris: client.redirectUris.join('\n'),
  postLogoutRedirectUris: client.postLogoutRedirectUris.join('\n'),
  backchannelLogoutUri: client.backchannelLogoutUri ?? '',
});

const toBody = (idApplication: number, form: ClientForm) => ({
  idApplication,
  clientId: form.clientId.trim(),
  clientType: form.clientType,
  redirectUris: lines(form.redirectUris),
  postLogoutRedirectUris: lines(form.postLogoutRedirectUris),
  scopes: form.scopes,
  backchannelLogoutUri: form.backchannelLogoutUri.trim() || null,
});

/** The form's errors by field, with the contract's own texts (the API checks the same schema). */
function formErrors(idApplication: number, form: ClientForm): Partial<Record<FormField, string>> {
  const parsed = v.safeParse(SaveProviderClientRequestSchema, toBody(idApplication, form));
  if (parsed.success) return {};
  const errors: Partial<Record<FormField, string>> = {};
  for (const issue of parsed.issues) {
    const field = issue.path?.[0]?.key as FormField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export interface IntegrationTabProps {
  applicationId: number;
  /** The card's edit mode: the clients can be changed only in it. */
  editing: boolean;
}

/**
 * The Integración tab: the application's OpenID clients (docs/adr/0036-openid-provider.md). Each
 * client saves on its own; a confidential client's secret is shown once, after it is created or
 * renewed, with a button that copies it.
 */
export function IntegrationTab({ applicationId, editing }: IntegrationTabProps) {
  const { t } = useTranslation(INTEGRATION_NS);
  const clients = useQuery({
    queryKey: [...consoleKeys.detail('applications', String(applicationId)), 'clients'],
    queryFn: () => fetchClients(applicationId),
  });
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ clientId: string; value: string } | null>(null);

  return (
    <Stack gap="4">
      <Text color="fg.muted">
        {t('intro')}{' '}
        <chakra.a
          href="/.well-known/openid-configuration"
          target="_blank"
          rel="noopener noreferrer"
          color="colorPalette.fg"
          textDecoration="underline"
        >
          {t('discovery')}
        </chakra.a>
      </Text>
      {secret ? <SecretPanel clientId={secret.clientId} secret={secret.value} onDone={() => setSecret(null)} /> : null}
      {clients.isPending ? <LoadingState label={t('loading')} /> : null}
      {clients.error ? <ErrorAlert message={apiErrorMessage(clients.error)} /> : null}
      {clients.data?.length === 0 && !adding ? <Text>{t('none')}</Text> : null}
      {clients.data?.map((client) => (
        <ClientEditor
          key={client.clientId}
          applicationId={applicationId}
          stored={client}
          editing={editing}
          onSecret={(value) => setSecret({ clientId: client.clientId, value })}
        />
      ))}
      {adding ? (
        <ClientEditor
          applicationId={applicationId}
          editing={editing}
          onSecret={(value, clientId) => setSecret({ clientId, value })}
          onDone={() => setAdding(false)}
        />
      ) : (
        <Button alignSelf="flex-start" variant="outline" disabled={!editing} onClick={() => setAdding(true)}>
          {t('add')}
        </Button>
      )}
    </Stack>
  );
}

/** A new secret, shown this once, with a button that copies it. */
function SecretPanel({ clientId, secret, onDone }: { clientId: string; secret: string; onDone: () => void }) {
  const { t } = useTranslation(INTEGRATION_NS);
  const [copied, setCopied] = useState(false);
  const inputId = useId();
  return (
    <Alert.Root status="warning" alignItems="start" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('secretTitle', { client: clientId })}</Alert.Title>
        <Alert.Description>{t('secretHelp')}</Alert.Description>
        <HStack mt="2">
          <Input
            id={inputId}
            aria-label={t('secretTitle', { client: clientId })}
            readOnly
            value={secret}
            fontFamily="mono"
            bg="white"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button
            onClick={() =>
              void navigator.clipboard?.writeText(secret).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? t('copied') : t('copy')}
          </Button>
          <Button variant="outline" onClick={onDone}>
            {t('hide')}
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}

interface ClientEditorProps {
  applicationId: number;
  /** The stored client; none for a new one. */
  stored?: ProviderClient;
  editing: boolean;
  onSecret: (secret: string, clientId: string) => void;
  onDone?: () => void;
}

/** One client: its registration as a form that saves on its own, and its secret's renewal and its removal. */
function ClientEditor({ applicationId, stored, editing, onSecret, onDone }: ClientEditorProps) {
  const { t } = useTranslation(INTEGRATION_NS);
  const localized = useLocalize();
  const [form, setForm] = useState<ClientForm>(stored ? toForm(stored) : NEW_CLIENT);
  const [touched, setTouched] = useState(false);
  const errors = touched ? formErrors(applicationId, form) : {};
  const name = stored?.clientId ?? (form.clientId.trim() || t('newClient'));
  const ids = { id: useId(), redirect: useId(), postLogout: useId(), backchannel: useId(), type: useId() };

  const save = useConsoleMutation({
    run: async () => {
      const reply = await saveClient(toBody(applicationId, form));
      if (reply.secret) onSecret(reply.secret, reply.client.clientId);
      return reply;
    },
    invalidates: ['applications'],
    success: (reply) => reply.information,
    autoClose: true,
  });
  const rotate = useConsoleMutation({
    run: async () => {
      const reply = await rotateClientSecret(applicationId, stored?.clientId ?? '');
      if (reply.secret) onSecret(reply.secret, reply.client.clientId);
      return reply;
    },
    invalidates: ['applications'],
    confirm: t('confirmRotate', { client: name }),
    success: (reply) => reply.information,
    autoClose: true,
  });
  const remove = useConsoleMutation({
    run: () => removeClient(applicationId, stored?.clientId ?? ''),
    invalidates: ['applications'],
    confirm: t('confirmRemove', { client: name }),
    success: (reply) => reply.information,
    autoClose: true,
  });

  const set = <F extends FormField>(field: F, value: ClientForm[F]) => setForm((current) => ({ ...current, [field]: value }));
  const toggleScope = (scope: ProviderClientScope, on: boolean) =>
    set('scopes', on ? [...form.scopes, scope] : form.scopes.filter((s) => s !== scope));

  const onSave = async () => {
    setTouched(true);
    if (Object.keys(formErrors(applicationId, form)).length > 0) return;
    if (await save.mutate(undefined)) onDone?.();
  };

  const errorOf = (field: FormField) => (errors[field] ? localized(errors[field] as string) : undefined);

  return (
    <Details open={!stored}>
      <summary>
        {name} · {t(`types.${form.clientType}`)}
      </summary>
      <Stack gap="3" mt="3">
        <Field.Root invalid={Boolean(errors.clientId)} disabled={!editing || Boolean(stored)}>
          <Field.Label htmlFor={ids.id}>{t('clientId')}</Field.Label>
          <Input id={ids.id} value={form.clientId} maxLength={64} onChange={(e) => set('clientId', e.target.value)} />
          <Field.ErrorText>{errorOf('clientId')}</Field.ErrorText>
        </Field.Root>
        <Field.Root disabled={!editing}>
          <Field.Label htmlFor={ids.type}>{t('clientType')}</Field.Label>
          <NativeSelect
            id={ids.type}
            value={form.clientType}
            disabled={!editing}
            onChange={(e) => set('clientType', e.target.value as ClientForm['clientType'])}
          >
            <option value="confidential">{t('types.confidential')}</option>
            <option value="public">{t('types.public')}</option>
          </NativeSelect>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.redirectUris)} disabled={!editing}>
          <Field.Label htmlFor={ids.redirect}>{t('redirectUris')}</Field.Label>
          <TextArea id={ids.redirect} rows={3} value={form.redirectUris} onChange={(e) => set('redirectUris', e.target.value)} />
          <Field.ErrorText>{errorOf('redirectUris')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.postLogoutRedirectUris)} disabled={!editing}>
          <Field.Label htmlFor={ids.postLogout}>{t('postLogoutRedirectUris')}</Field.Label>
          <TextArea
            id={ids.postLogout}
            rows={2}
            value={form.postLogoutRedirectUris}
            onChange={(e) => set('postLogoutRedirectUris', e.target.value)}
          />
          <Field.ErrorText>{errorOf('postLogoutRedirectUris')}</Field.ErrorText>
        </Field.Root>
        <chakra.fieldset disabled={!editing} border="none" p="0" m="0">
          <chakra.legend fontWeight="medium" fontSize="sm" mb="1">
            {t('scopes')}
          </chakra.legend>
          <HStack gap="4" wrap="wrap">
            {PROVIDER_CLIENT_SCOPES.map((scope) => (
              <chakra.label key={scope} display="inline-flex" alignItems="center" gap="2" fontSize="sm">
                <chakra.input
                  type="checkbox"
                  checked={form.scopes.includes(scope)}
                  disabled={!editing}
                  onChange={(e) => toggleScope(scope, e.currentTarget.checked)}
                />
                {scope}
              </chakra.label>
            ))}
          </HStack>
          {errors.scopes ? (
            <Text color="fg.error" fontSize="sm" mt="1">
              {errorOf('scopes')}
            </Text>
          ) : null}
        </chakra.fieldset>
        <Field.Root invalid={Boolean(errors.backchannelLogoutUri)} disabled={!editing}>
          <Field.Label htmlFor={ids.backchannel}>{t('backchannelLogoutUri')}</Field.Label>
          <Input id={ids.backchannel} value={form.backchannelLogoutUri} onChange={(e) => set('backchannelLogoutUri', e.target.value)} />
          <Field.ErrorText>{errorOf('backchannelLogoutUri')}</Field.ErrorText>
        </Field.Root>
        <HStack gap="2" wrap="wrap">
          <Button colorPalette="brand" disabled={!editing} loading={save.pending} onClick={() => void onSave()}>
            {t('save')}
          </Button>
          {stored?.clientType === 'confidential' ? (
            <Button variant="outline" disabled={!editing} loading={rotate.pending} onClick={() => void rotate.mutate(undefined)}>
              {t('rotate')}
            </Button>
          ) : null}
          {stored ? (
            <Button
              variant="outline"
              colorPalette="red"
              disabled={!editing}
              loading={remove.pending}
              onClick={() => void remove.mutate(undefined)}
            >
              {t('remove')}
            </Button>
          ) : (
            <Button variant="ghost" onClick={onDone}>
              {t('cancel')}
            </Button>
          )}
        </HStack>
      </Stack>
    </Details>
  );
}
