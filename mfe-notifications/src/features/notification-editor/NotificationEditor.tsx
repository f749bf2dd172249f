import { Alert, Box, Button, Field, HStack, Heading, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { ApiError, LoadingState, PATHS, apiErrorMessage, useLocalize } from '@suite/shared';
import {
  CardFrame,
  ErrorAlert,
  NativeSelect,
  PencilIcon,
  askDialog,
  invalidateEntities,
  showMessage,
  useUnsavedChanges,
  ACCESS_MESSAGES,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_REASON_MAX,
  applicationOptionLabel,
  isCalendarDate,
  notificationSendAt,
  type ApplicationOption,
  type NotificationRecord,
  type NotificationTemplate,
} from '@suite/shared/console';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  createNotification,
  fetchNotificationApplications,
  fetchNotifications,
  fetchSubjects,
  fetchTemplates,
  modifyNotification,
} from '../../api/notifications';
import { NS } from '../../i18n';
import { formatInstant, formatUtc, isPending, notificationKeys } from '../common/notification';
import { TextAreaField } from '../common/TextAreaField';
import { EditorTools } from './EditorTools';
import {
  EMPTY_FORM,
  editorErrors,
  editorTimeZone,
  formToBody,
  minimumDates,
  recordToForm,
  sameForm,
  templateOffered,
  toggledApplications,
  valuesFor,
  withoutTemplate,
  type EditorErrors,
  type EditorForm,
  type ErrorPath,
  type VariableDraft,
} from './editorForm';
import { VariableField } from './VariableFields';

/** A save's failure is shown above the buttons; a 403 has the privileges dialog of the API client already. */
const failureOf = (error: unknown) => (error instanceof ApiError && error.status === 403 ? null : apiErrorMessage(error));

/**
 * The notification editor (docs/product/notifications.md): a new notification
 * starts editable; an existing pending one opens in detail until Editar, and Cancelar restores it.
 * Left: motive, applications, template; right: template name, subject, variables, send date (with
 * the send time in the notification's zone and in UTC) and image. Changing the applications reloads
 * the templates and, when the chosen one is no longer offered, warns and clears template and
 * subject. Saving is refused while the contract finds errors; leaving with changes asks first.
 */
export function NotificationEditor({ notificationId }: { notificationId?: string }) {
  const { t, i18n } = useTranslation(NS);
  const localized = useLocalize();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isNew = notificationId === undefined;
  const id = Number(notificationId);

  const list = useQuery({ queryKey: notificationKeys.all, queryFn: fetchNotifications, enabled: !isNew });
  const record: NotificationRecord | undefined = isNew ? undefined : list.data?.find((notification) => notification.id === id);
  const stored = useMemo<EditorForm | null>(() => (isNew ? EMPTY_FORM : record ? recordToForm(record) : null), [isNew, record]);
  const applications = useQuery({ queryKey: notificationKeys.applications, queryFn: fetchNotificationApplications });

  const [form, setForm] = useState<EditorForm>(EMPTY_FORM);
  const [editing, setEditing] = useState(isNew);
  /** Places whose errors show: changed by hand, or all of them once a save was refused. */
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (stored) setForm(stored);
  }, [stored, list.dataUpdatedAt]);

  const templates = useQuery({
    queryKey: notificationKeys.templates(form.applicationIds),
    queryFn: () => fetchTemplates(form.applicationIds),
    enabled: form.applicationIds.length > 0,
    placeholderData: keepPreviousData,
  });
  const offered = form.applicationIds.length > 0 ? (templates.data ?? []) : [];
  const template: NotificationTemplate | undefined = offered.find((candidate) => candidate.id === form.templateId);
  const subjects = useQuery({
    queryKey: notificationKeys.subjects(form.templateId),
    queryFn: () => fetchSubjects(form.templateId),
    enabled: form.templateId !== '',
  });

  // an existing notification keeps its zone until its applications change
  const sameApplications = record !== undefined && stored !== null && stored.applicationIds.join() === form.applicationIds.join();
  const timeZone = sameApplications && record ? record.timeZone : editorTimeZone(form.applicationIds, applications.data ?? []);
  const minimum = minimumDates(timeZone, new Date());
  const errors: EditorErrors = editorErrors(form, template, minimum.sendDate);
  const shownErrors = Object.fromEntries(Object.entries(errors).filter(([path]) => showAll || touched.has(path))) as EditorErrors;
  const hasErrors = Object.keys(errors).length > 0;
  const dirty = stored !== null && !sameForm(form, stored);

  const touch = (path: ErrorPath) => setTouched((current) => new Set(current).add(path));
  const change = (path: ErrorPath, next: (current: EditorForm) => EditorForm) => {
    setForm(next);
    touch(path);
    setFailure(null);
  };

  const chooseTemplate = (templateId: string) =>
    change('templateId', (current) => ({
      ...current,
      templateId,
      subjectId: 0,
      values: valuesFor(
        offered.find((candidate) => candidate.id === templateId),
        current.values,
      ),
    }));

  const toggleApplication = async (applicationId: number, checked: boolean) => {
    const next = toggledApplications(form.applicationIds, applicationId, checked);
    if (form.templateId !== '') {
      const available = next.length
        ? await queryClient.fetchQuery({ queryKey: notificationKeys.templates(next), queryFn: () => fetchTemplates(next) })
        : [];
      if (!templateOffered(form.templateId, available)) {
        // warn; on confirmation the template and subject are cleared, else nothing changes
        const outcome = await askDialog({
          message: t('editor.templateWarning'),
          confirmText: t('editor.continue'),
          cancelText: t('editor.cancel'),
        });
        if (outcome !== 'confirm') return;
        change('applicationIds', (current) => withoutTemplate({ ...current, applicationIds: next }));
        return;
      }
    }
    change('applicationIds', (current) => ({ ...current, applicationIds: next }));
  };

  const save = async (): Promise<boolean> => {
    if (hasErrors) {
      setShowAll(true);
      return false;
    }
    setSaving(true);
    setFailure(null);
    try {
      const body = formToBody(form, template);
      const reply = isNew ? await createNotification(body) : await modifyNotification(id, body);
      await invalidateEntities(queryClient, ['notifications']);
      void showMessage({
        message: localized(reply.information || (isNew ? NOTIFICATION_MESSAGES.created : NOTIFICATION_MESSAGES.updated)),
        autoClose: true,
      });
      if (isNew) {
        // cleared and gone in one commit: the unsaved-changes prompt lets it through
        setForm(EMPTY_FORM);
        navigate(PATHS.notifications);
      } else {
        setEditing(false);
        setShowAll(false);
        setTouched(new Set());
      }
      return true;
    } catch (error) {
      setFailure(failureOf(error));
      return false;
    } finally {
      setSaving(false);
    }
  };

  useUnsavedChanges({ when: dirty, message: ACCESS_MESSAGES.unsavedChanges, onUpdate: save, onDiscard: () => stored && setForm(stored) });

  const cancel = () => {
    if (isNew) {
      navigate(PATHS.notifications);
      return;
    }
    // cancelling an edit restores the original values
    if (stored) setForm(stored);
    setEditing(false);
    setShowAll(false);
    setTouched(new Set());
    setFailure(null);
  };

  const title = localized(
    isNew ? NOTIFICATION_MESSAGES.newTitle : editing ? NOTIFICATION_MESSAGES.editTitle : NOTIFICATION_MESSAGES.detailTitle,
  );
  const status = isNew
    ? 'ready'
    : list.error
      ? 'error'
      : list.isPending
        ? 'loading'
        : !record
          ? 'missing'
          : !isPending(record)
            ? 'executed'
            : 'ready';
  const disabled = !editing || saving;
  const sendAt = isCalendarDate(form.executionDate) ? notificationSendAt(form.executionDate, timeZone) : undefined;

  let content: ReactNode = null;
  if (status === 'loading') content = <LoadingState label={t('loading')} />;
  else if (status !== 'ready') {
    const message =
      status === 'error'
        ? apiErrorMessage(list.error)
        : localized(status === 'executed' ? NOTIFICATION_MESSAGES.executedReadOnly : NOTIFICATION_MESSAGES.unknown);
    content =
      status === 'executed' ? (
        <Alert.Root status="info" role="alert">
          <Alert.Indicator />
          <Alert.Title>{message}</Alert.Title>
        </Alert.Root>
      ) : (
        <ErrorAlert message={message} />
      );
  } else {
    content = (
      <chakra.form
        display="flex"
        flexDirection="column"
        gap="5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="6" alignItems="start">
          <Stack as="fieldset" gap="4" minW={0} borderWidth="1px" borderRadius="md" p="4" bg="white">
            <chakra.legend px="1" fontWeight="semibold">
              {t('editor.left')}
            </chakra.legend>
            <TextAreaField
              label={t('editor.reason')}
              rows={2}
              maxLength={NOTIFICATION_REASON_MAX}
              value={form.reason}
              disabled={disabled}
              error={localized(shownErrors.reason)}
              hint={t('editor.remaining', { count: NOTIFICATION_REASON_MAX - [...form.reason].length })}
              onChange={(reason) => change('reason', (current) => ({ ...current, reason }))}
            />
            <ApplicationChoices
              options={applications.data ?? []}
              loading={applications.isPending}
              chosen={form.applicationIds}
              disabled={disabled}
              error={localized(shownErrors.applicationIds)}
              onToggle={(applicationId, checked) => void toggleApplication(applicationId, checked)}
            />
            <SelectField
              label={t('editor.template')}
              value={form.templateId}
              disabled={disabled || form.applicationIds.length === 0}
              error={localized(shownErrors.templateId)}
              placeholder={t('editor.chooseTemplate')}
              options={offered.map((candidate) => ({ value: candidate.id, label: candidate.title }))}
              hint={
                form.applicationIds.length === 0
                  ? t('editor.chooseApplicationsFirst')
                  : templates.isSuccess && offered.length === 0
                    ? t('editor.noTemplates')
                    : undefined
              }
              onChange={chooseTemplate}
            />
          </Stack>
          <Stack as="fieldset" gap="4" minW={0} borderWidth="1px" borderRadius="md" p="4" bg="white">
            <chakra.legend px="1" fontWeight="semibold">
              {t('editor.right')}
            </chakra.legend>
            <Field.Root disabled>
              <Field.Label>{t('editor.templateName')}</Field.Label>
              <Input readOnly value={template?.title ?? ''} />
            </Field.Root>
            <SelectField
              label={t('editor.subject')}
              value={form.subjectId === 0 ? '' : String(form.subjectId)}
              disabled={disabled || form.templateId === ''}
              error={localized(shownErrors.subjectId)}
              placeholder={t('editor.chooseSubject')}
              options={(form.templateId ? (subjects.data ?? []) : []).map((subject) => ({
                value: String(subject.id),
                label: subject.name,
              }))}
              onChange={(value) => change('subjectId', (current) => ({ ...current, subjectId: Number(value) || 0 }))}
            />
            {template && template.variables.length > 0 ? (
              <Stack gap="4" role="group" aria-label={t('editor.variables')}>
                <Heading as="h3" size="sm">
                  {t('editor.variables')}
                </Heading>
                {template.variables.map((variable) => (
                  <VariableField
                    key={variable.name}
                    variable={variable}
                    value={form.values[variable.name]}
                    disabled={disabled}
                    minDate={minimum.dateVariable}
                    error={shownErrors[`variables.${variable.name}`]}
                    onChange={(value: VariableDraft) =>
                      change(`variables.${variable.name}`, (current) => ({
                        ...current,
                        values: { ...current.values, [variable.name]: value },
                      }))
                    }
                  />
                ))}
              </Stack>
            ) : null}
            <Field.Root invalid={Boolean(shownErrors.executionDate)} disabled={disabled} required>
              <Field.Label>
                {t('editor.sendDate')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                type="date"
                min={minimum.sendDate}
                value={form.executionDate}
                onChange={(event) => change('executionDate', (current) => ({ ...current, executionDate: event.target.value }))}
                maxW="xs"
              />
              {shownErrors.executionDate ? (
                <Field.ErrorText>{localized(shownErrors.executionDate)}</Field.ErrorText>
              ) : sendAt ? (
                <Field.HelperText>
                  {t('editor.sendsAt', { local: formatInstant(sendAt, timeZone, i18n.language), zone: timeZone, utc: formatUtc(sendAt) })}
                </Field.HelperText>
              ) : null}
            </Field.Root>
            {template ? (
              <chakra.img
                src={template.urlImage}
                alt={`${t('editor.image')}: ${template.title}`}
                w="full"
                maxW="600px"
                h="auto"
                alignSelf="flex-start"
                borderRadius="md"
              />
            ) : null}
          </Stack>
        </Box>
        {showAll && hasErrors ? <ErrorAlert message={t('editor.fixErrors')} /> : null}
        {failure ? <ErrorAlert message={localized(failure)} /> : null}
        <HStack justify="flex-end" gap="3" flexWrap="wrap">
          {!editing ? (
            <Button variant="outline" onClick={() => setEditing(true)}>
              <PencilIcon />
              {t('editor.edit')}
            </Button>
          ) : (
            <Button variant="outline" onClick={cancel} disabled={saving}>
              {t('editor.cancel')}
            </Button>
          )}
          <Button type="submit" colorPalette="brand" loading={saving} disabled={!editing}>
            {t(isNew ? 'editor.save' : 'editor.update')}
          </Button>
        </HStack>
        <EditorTools
          body={() => formToBody(form, template)}
          applicationIds={form.applicationIds}
          ready={!hasErrors}
          onRefused={() => setShowAll(true)}
        />
      </chakra.form>
    );
  }

  return (
    <CardFrame
      title={localized(NOTIFICATION_MESSAGES.listTitle)}
      back={{ label: t('backToList'), onClick: () => navigate(PATHS.notifications) }}
      subtitle={title}
      subtitleHeading
    >
      {content}
    </CardFrame>
  );
}

/** The application checkboxes: the visible, active applications. */
function ApplicationChoices(props: {
  options: ApplicationOption[];
  loading: boolean;
  chosen: number[];
  disabled: boolean;
  error?: string;
  onToggle: (id: number, checked: boolean) => void;
}) {
  const { options, loading, chosen, disabled, error, onToggle } = props;
  const { t } = useTranslation(NS);
  const errorId = useId();
  return (
    <Box as="fieldset" minW={0} aria-describedby={error ? errorId : undefined} aria-invalid={Boolean(error) || undefined}>
      <chakra.legend fontWeight="medium" fontSize="sm" mb="1.5">
        {t('editor.applications')}
        <Text as="span" color="fg.error" ms="0.5" aria-hidden="true">
          *
        </Text>
      </chakra.legend>
      {loading ? <LoadingState label={t('loading')} /> : null}
      <Box display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="1.5" maxH="48" overflowY="auto">
        {options.map((option) => (
          <chakra.label key={option.id} display="inline-flex" alignItems="center" gap="2" opacity={disabled ? 0.6 : 1}>
            <input
              type="checkbox"
              checked={chosen.includes(option.id)}
              disabled={disabled}
              onChange={(event) => onToggle(option.id, event.target.checked)}
            />
            {applicationOptionLabel(option, options)}
          </chakra.label>
        ))}
      </Box>
      {error ? (
        <Text id={errorId} color="fg.error" fontSize="xs" mt="1">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

/** A labelled native select with an empty first choice. */
function SelectField(props: {
  label: string;
  value: string;
  disabled: boolean;
  error?: string;
  placeholder: string;
  options: { value: string; label: string }[];
  hint?: string;
  onChange: (value: string) => void;
}) {
  const { label, value, disabled, error, placeholder, options, hint, onChange } = props;
  const id = useId();
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Stack gap="1.5">
      <chakra.label htmlFor={id} fontWeight="medium" fontSize="sm">
        {label}
        <Text as="span" color="fg.error" ms="0.5" aria-hidden="true">
          *
        </Text>
      </chakra.label>
      <NativeSelect
        id={id}
        required
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={described}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {hint ? (
        <Text id={`${id}-hint`} color="fg.muted" fontSize="xs">
          {hint}
        </Text>
      ) : null}
      {error ? (
        <Text id={`${id}-error`} color="fg.error" fontSize="xs">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
