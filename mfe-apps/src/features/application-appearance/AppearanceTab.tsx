import { Alert, Box, Button, HStack, Input, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import {
  COLOR_MODES,
  EMAIL_SENT_ROUTES,
  PROFILE_LANGUAGES,
  SIGN_IN_VARIANTS,
  mergeProfile,
  type PortalProfile,
  useLocalize,
} from '@suite/shared';
import {
  ErrorAlert,
  NativeSelect,
  StateSwitch,
  useConsoleMutation,
  TenantOverrideSchema,
  appearanceContrastIssues,
  contrastMessage,
  parseFields,
  profileFromAppearance,
  type ApplicationAppearance,
  type ApplicationAppearanceResult,
  type TenantAppearance,
  type TenantOverride,
} from '@suite/shared/console';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppearancePreview } from './AppearancePreview';
import { ColourField } from './ColourField';
import { ImageField } from './ImageField';
import { COLOUR_PATHS, getAt, setAt, type FieldPath } from './appearanceFields';
import { saveTenantAppearance } from './appearanceApi';
import type { AppearanceDraft } from './useAppearanceDraft';
import { APPEARANCE_NS } from './i18n';
import { Details } from '../common/Details';

/** A part of the tab that opens and closes (keyboard: the summary is a button); closed, its fields are not rendered. */
function Section({ title, defaultOpen = false, children }: { title: string; defaultOpen?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{title}</summary>
      {open ? children : null}
    </Details>
  );
}

export interface AppearanceTabProps {
  /** The card's draft of the appearance (useAppearanceDraft). */
  appearance: AppearanceDraft;
  /** The card's edit mode: fields are read-only until the pencil is pressed. */
  editing: boolean;
}

/**
 * The Apariencia tab: the application's portal profile (behaviour, images, colours, dark template)
 * and its tenants' overrides, with the real sign-in screen beside the form showing every unsaved
 * change, and the colour pairs below WCAG AA listed with their ratios before the server refuses
 * them. The card's update button saves it; each tenant has its own.
 */
export function AppearanceTab({ appearance, editing }: AppearanceTabProps) {
  const { t } = useTranslation(APPEARANCE_NS);
  const { state, stored, draft, profile } = appearance;
  if (state.status === 'loading') {
    return (
      <HStack role="status" gap="2">
        <Spinner size="sm" />
        <Text>{t('loading')}</Text>
      </HStack>
    );
  }
  if (state.status === 'error' || !stored || !draft || !profile) {
    return <ErrorAlert message={state.status === 'error' ? state.message : ''} />;
  }
  return <AppearanceEditor appearance={appearance} stored={stored} draft={draft} profile={profile} editing={editing} />;
}

function AppearanceEditor({
  appearance,
  stored,
  draft,
  profile,
  editing,
}: {
  appearance: AppearanceDraft;
  stored: ApplicationAppearanceResult;
  draft: ApplicationAppearance;
  profile: PortalProfile;
  editing: boolean;
}) {
  const { t } = useTranslation(APPEARANCE_NS);
  const localized = useLocalize();
  const { set, errors, contrastIssues: issues } = appearance;

  const colourLabel = (path: FieldPath) => {
    const leaf = path[path.length - 1];
    const group = path.length > 2 ? path[path.length - 2] : path[0] === 'colors' ? 'page' : undefined;
    const leafText = t(`leaves.${leaf}`);
    return group ? `${t(`groups.${group}`)} · ${leafText}` : leafText;
  };
  const imageLabel = (path: FieldPath) =>
    path[0] === 'logos' ? t(`images.logos.${path[1]}`) : path[0] === 'colors' ? t('images.alertImage') : t(`images.${path[0]}`);
  const image = (path: FieldPath) => (
    <ImageField
      key={path.join('.')}
      applicationId={stored.id}
      label={imageLabel(path)}
      value={String(getAt(draft, path) ?? '')}
      onChange={(value) => set(path, value)}
      disabled={!editing}
      error={errors[path.join('.')]}
    />
  );

  return (
    <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="5" alignItems="start">
      <Stack gap="3">
        <Section title={t('sections.behaviour')} defaultOpen>
          <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="3" mt="3">
            <Choice
              label={t('behaviour.signInVariant')}
              value={draft.signInVariant}
              options={SIGN_IN_VARIANTS.map((o) => [o, t(`variants.${o}`)])}
              disabled={!editing}
              onChange={(value) => set(['signInVariant'], value)}
            />
            <Choice
              label={t('behaviour.emailSentRoute')}
              value={draft.emailSentRoute}
              options={EMAIL_SENT_ROUTES.map((o) => [o, t(`emailSent.${o.slice(1)}`)])}
              disabled={!editing}
              onChange={(value) => set(['emailSentRoute'], value)}
            />
            <Choice
              label={t('behaviour.defaultTenant')}
              value={draft.defaultTenant}
              options={[
                ['', t('behaviour.noTenant')],
                ...uniqueTenants(stored.tenants, stored.appearance.defaultTenant).map((code) => [code, code] as [string, string]),
              ]}
              disabled={!editing}
              onChange={(value) => set(['defaultTenant'], value)}
            />
            <Choice
              label={t('behaviour.defaultLanguage')}
              value={draft.defaultLanguage}
              options={PROFILE_LANGUAGES.map((o) => [o, t(`languages.${o}`)])}
              disabled={!editing}
              onChange={(value) => set(['defaultLanguage'], value)}
            />
            <Toggle
              label={t('behaviour.showBuyLink')}
              checked={draft.showBuyLink}
              disabled={!editing}
              onChange={(value) => set(['showBuyLink'], value)}
            />
            <Toggle
              label={t('behaviour.showFreeTrial')}
              checked={draft.showFreeTrial}
              disabled={!editing}
              onChange={(value) => set(['showFreeTrial'], value)}
            />
            <Toggle
              label={t('behaviour.externalSignIn')}
              checked={draft.externalSignIn}
              disabled={!editing}
              onChange={(value) => set(['externalSignIn'], value)}
            />
            <TextField
              label={t('behaviour.fontFamily')}
              value={draft.fontFamily}
              disabled={!editing}
              error={errors.fontFamily}
              onChange={(value) => set(['fontFamily'], value)}
            />
            <TextField
              label={t('behaviour.logoWidth')}
              type="number"
              value={String(draft.logoWidth)}
              disabled={!editing}
              error={errors.logoWidth}
              onChange={(value) => set(['logoWidth'], value === '' ? Number.NaN : Number(value))}
            />
          </Box>
        </Section>

        <Section title={t('sections.images')} defaultOpen>
          <Stack gap="3" mt="3">
            {image(['favicon'])}
            {image(['background'])}
            {image(['logos', 'signIn'])}
            {image(['logos', 'white'])}
            <Section title={t('images.otherLogos')}>
              <Stack gap="3" mt="3">
                {Object.keys(draft.logos)
                  .filter((key) => key !== 'signIn' && key !== 'white')
                  .map((key) => image(['logos', key]))}
                {image(['colors', 'alert', 'image'])}
              </Stack>
            </Section>
          </Stack>
        </Section>

        <Section title={t('sections.colours')} defaultOpen>
          <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="3" mt="3">
            {COLOUR_PATHS.map((path) => (
              <ColourField
                key={path.join('.')}
                label={colourLabel(path)}
                value={String(getAt(draft, path) ?? '')}
                disabled={!editing}
                error={errors[path.join('.')]}
                onChange={(value) => set(path, value)}
              />
            ))}
          </Box>
        </Section>

        <Section title={t('sections.dark')}>
          <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="3" mt="3">
            <Choice
              label={t('behaviour.colorMode')}
              value={draft.colorMode}
              options={COLOR_MODES.map((o) => [o, t(`modes.${o}`)])}
              disabled={!editing}
              onChange={(value) => set(['colorMode'], value)}
            />
            <Toggle
              label={t('behaviour.colorModeSwitch')}
              checked={draft.colorModeSwitch}
              disabled={!editing}
              onChange={(value) => set(['colorModeSwitch'], value)}
            />
            {COLOUR_PATHS.map((path) => (
              <ColourField
                key={path.join('.')}
                label={`${t('sections.dark')} · ${colourLabel(path)}`}
                value={String(getAt(draft.dark, path) ?? '')}
                inherited={String(getAt(draft, path) ?? '')}
                disabled={!editing}
                error={errors[['dark', ...path].join('.')]}
                onChange={(value) => set(['dark', ...path], value === '' ? undefined : value)}
              />
            ))}
          </Box>
        </Section>

        <ContrastReport issues={issues.map((issue) => localized(contrastMessage(issue)))} />

        {stored.tenants.length > 0 ? (
          <TenantSection stored={stored} appearance={draft} editing={editing} colourLabel={colourLabel} />
        ) : null}
      </Stack>

      <Box position={{ lg: 'sticky' }} top="4">
        <Text as="h3" fontWeight="semibold" mb="2">
          {t('sections.preview')}
        </Text>
        <AppearancePreview profile={profile} />
      </Box>
    </Box>
  );
}

/** The default tenant offers the application's tenants and the one stored (which may belong to the suite). */
function uniqueTenants(tenants: readonly TenantAppearance[], stored: string): string[] {
  return [...new Set([...tenants.map((tenant) => tenant.code), ...(stored ? [stored] : [])])];
}

function ContrastReport({ issues }: { issues: string[] }) {
  const { t } = useTranslation(APPEARANCE_NS);
  if (issues.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted" role="status">
        {t('contrast.ok')}
      </Text>
    );
  }
  return (
    <Alert.Root status="warning" role="alert" alignItems="start">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('contrast.title')}</Alert.Title>
        <Alert.Description>
          <chakra.ul ps="4" listStyleType="disc">
            {issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </chakra.ul>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** One tenant's title, language and colour overrides (empty: inherited from the application). */
function TenantSection({
  stored,
  appearance,
  editing,
  colourLabel,
}: {
  stored: ApplicationAppearanceResult;
  appearance: ApplicationAppearance;
  editing: boolean;
  colourLabel: (path: FieldPath) => string;
}) {
  const { t } = useTranslation(APPEARANCE_NS);
  const localized = useLocalize();
  const [code, setCode] = useState(stored.tenants[0].code);
  const tenant = stored.tenants.find((candidate) => candidate.code === code) ?? stored.tenants[0];
  return (
    <Section title={t('sections.tenants')}>
      <Stack gap="3" mt="3">
        <Choice
          label={t('tenant.choose')}
          value={code}
          options={stored.tenants.map((candidate) => [candidate.code, `${candidate.code} · ${candidate.title}`])}
          disabled={false}
          onChange={setCode}
        />
        <TenantEditor
          key={tenant.code}
          applicationId={stored.id}
          tenant={tenant}
          appearance={appearance}
          stored={stored}
          editing={editing}
          colourLabel={colourLabel}
          localized={localized}
        />
      </Stack>
    </Section>
  );
}

function TenantEditor({
  applicationId,
  tenant,
  appearance,
  stored,
  editing,
  colourLabel,
  localized,
}: {
  applicationId: number;
  tenant: TenantAppearance;
  appearance: ApplicationAppearance;
  stored: ApplicationAppearanceResult;
  editing: boolean;
  colourLabel: (path: FieldPath) => string;
  localized: ReturnType<typeof useLocalize>;
}) {
  const { t } = useTranslation(APPEARANCE_NS);
  const [title, setTitle] = useState(tenant.title);
  const [language, setLanguage] = useState(tenant.defaultLanguage);
  const [override, setOverride] = useState<TenantOverride>(tenant.override as TenantOverride);
  const parsed = useMemo(() => parseFields(TenantOverrideSchema, override), [override]);
  const { errors } = parsed;
  // the tenant's look is the application's as saved, with the override laid over it
  const merged = useMemo(
    () => mergeProfile(profileFromAppearance(stored.name, stored.title, stored.appearance), override),
    [stored, override],
  );
  const issues = appearanceContrastIssues(merged);
  const save = useConsoleMutation({
    run: () =>
      saveTenantAppearance(applicationId, {
        code: tenant.code,
        title: title.trim(),
        defaultLanguage: language,
        override: parsed.success ? parsed.output : override,
      }),
    invalidates: ['applications'],
    success: (reply) => reply.information,
    autoClose: true,
  });
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {t('tenant.help')}
      </Text>
      <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="3">
        <TextField label={t('tenant.title')} value={title} disabled={!editing} onChange={setTitle} />
        <Choice
          label={t('tenant.language')}
          value={language}
          options={PROFILE_LANGUAGES.map((o) => [o, t(`languages.${o}`)])}
          disabled={!editing}
          onChange={setLanguage}
        />
        {COLOUR_PATHS.map((path) => (
          <ColourField
            key={path.join('.')}
            label={`${tenant.code} · ${colourLabel(path)}`}
            value={String(getAt(override, path) ?? '')}
            inherited={String(getAt(appearance, path) ?? '')}
            disabled={!editing}
            error={errors[path.join('.')]}
            onChange={(value) => setOverride((current) => setAt(current, path, value === '' ? undefined : value))}
          />
        ))}
      </Box>
      <ContrastReport issues={issues.map((issue) => localized(contrastMessage(issue)))} />
      <HStack justify="flex-end">
        <Button
          variant="outline"
          colorPalette="brand"
          disabled={!editing || !parsed.success || issues.length > 0 || !title.trim() || save.pending}
          onClick={() => void save.mutate()}
        >
          {t('tenant.save')}
        </Button>
      </HStack>
    </Stack>
  );
}

function Labelled({ label, children, error }: { label: string; children: (id: string) => ReactNode; error?: string }) {
  const id = useId();
  const localized = useLocalize();
  return (
    <chakra.div minW="0">
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium" display="block" mb="1">
        {label}
      </chakra.label>
      {children(id)}
      {error ? (
        <chakra.p fontSize="xs" color="fg.error" mt="1" id={`${id}-error`}>
          {localized(error)}
        </chakra.p>
      ) : null}
    </chakra.div>
  );
}

function Choice({
  label,
  value,
  options,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Labelled label={label}>
      {(id) => (
        <NativeSelect id={id} w="full" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
          {options.map(([option, text]) => (
            <option key={option} value={option}>
              {text}
            </option>
          ))}
        </NativeSelect>
      )}
    </Labelled>
  );
}

function TextField({
  label,
  value,
  disabled,
  error,
  type = 'text',
  onChange,
}: {
  label: string;
  value: string;
  disabled: boolean;
  error?: string;
  type?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Labelled label={label} error={error}>
      {(id) => (
        <Input
          id={id}
          size="sm"
          type={type}
          value={Number.isNaN(Number(value)) && type === 'number' ? '' : value}
          disabled={disabled}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Labelled>
  );
}

function Toggle({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <HStack gap="2" alignSelf="end" minH="10">
      <StateSwitch checked={checked} label={label} disabled={disabled} onChange={onChange} />
      <Text as="span" aria-hidden="true" fontSize="sm">
        {label}
      </Text>
    </HStack>
  );
}
