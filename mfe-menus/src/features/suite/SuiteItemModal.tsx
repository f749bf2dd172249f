import { Box, Button, Field, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { apiErrorMessage, useLocalize } from '@suite/shared';
import { Modal, TextArea, MENU_MESSAGES, SuiteItemSchema, newMenuKey, type SuiteItem } from '@suite/shared/console';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { uploadMenuImage } from '../../api/menus';
import { NS } from '../../i18n';
import { UPLOAD_HIDE_MS, UPLOAD_TICK_MS, base64Of, logoProblem } from './upload';

type Draft = Omit<SuiteItem, 'key'> & { key: string };

/**
 * The suite tile modal (docs/product/menus.md): name, landing URL, application URL, optional
 * description, light and dark logo (PNG, uploaded at once with a progress bar), active switch.
 * Guardar stays disabled until both logos are there and the fields are valid.
 */
export function SuiteItemModal({
  application,
  item,
  onSave,
  onClose,
}: {
  application: string;
  item?: SuiteItem;
  onSave: (item: SuiteItem) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  const descriptionId = useId();
  const [draft, setDraft] = useState<Draft>(
    () =>
      item ?? {
        key: newMenuKey(),
        name: '',
        urlLanding: '',
        urlApplication: '',
        description: '',
        isActivate: true,
        iconName: '',
        iconNameDark: '',
      },
  );
  const parsed = v.safeParse(SuiteItemSchema, draft);
  const errors: Partial<Record<keyof Draft, string>> = {};
  if (!parsed.success) for (const issue of parsed.issues) errors[String(v.getDotPath(issue)) as keyof Draft] ??= issue.message;
  const [touched, setTouched] = useState<Partial<Record<keyof Draft, boolean>>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setTouched((x) => ({ ...x, [key]: true }));
  };
  const text = (key: 'name' | 'urlLanding' | 'urlApplication', label: string) => (
    <Field.Root required invalid={Boolean(touched[key] && errors[key])}>
      <Field.Label>{label}</Field.Label>
      <Input value={draft[key]} onChange={(e) => set(key, e.target.value)} />
      {touched[key] && errors[key] ? <Field.ErrorText>{localized(errors[key])}</Field.ErrorText> : null}
    </Field.Root>
  );

  return (
    <Modal
      title={item ? t('suite.titleEdit') : t('suite.titleNew')}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('suite.cancel')}
          </Button>
          <Button colorPalette="brand" disabled={!parsed.success} onClick={() => parsed.success && onSave(parsed.output)}>
            {t('suite.save')}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        {text('name', t('suite.name'))}
        {text('urlLanding', t('suite.urlLanding'))}
        {text('urlApplication', t('suite.urlApplication'))}
        <Field.Root invalid={Boolean(errors.description)}>
          <Field.Label htmlFor={descriptionId}>{t('suite.description')}</Field.Label>
          <TextArea id={descriptionId} rows={2} value={draft.description} onChange={(e) => set('description', e.target.value)} />
          {errors.description ? <Field.ErrorText>{localized(errors.description)}</Field.ErrorText> : null}
        </Field.Root>
        <LogoUpload label={t('suite.logo')} application={application} value={draft.iconName} onUploaded={(path) => set('iconName', path)} />
        <LogoUpload
          label={t('suite.logoDark')}
          application={application}
          value={draft.iconNameDark}
          onUploaded={(path) => set('iconNameDark', path)}
          dark
        />
        {!draft.iconName || !draft.iconNameDark ? (
          <Text fontSize="sm" color="fg.muted">
            {localized(MENU_MESSAGES.logosRequired)}
          </Text>
        ) : null}
        <chakra.label display="flex" alignItems="center" gap="2">
          <input type="checkbox" checked={draft.isActivate} onChange={(e) => set('isActivate', e.target.checked)} />
          {t('suite.active')}
        </chakra.label>
      </Stack>
    </Modal>
  );
}

function LogoUpload({
  label,
  application,
  value,
  onUploaded,
  dark = false,
}: {
  label: string;
  application: string;
  value: string;
  onUploaded: (path: string) => void;
  dark?: boolean;
}) {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string>();
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const refused = logoProblem(file);
    setProblem(refused);
    if (refused) return;
    setProgress(0);
    const tick = window.setInterval(() => setProgress((p) => (p === null ? p : Math.min(90, p + 15))), UPLOAD_TICK_MS);
    timers.current.push(tick);
    try {
      onUploaded(await uploadMenuImage(application, { name: file.name, base64: await base64Of(file) }));
      setProgress(100);
    } catch (error) {
      setProblem(apiErrorMessage(error));
      setProgress(null);
    } finally {
      window.clearInterval(tick);
      timers.current.push(window.setTimeout(() => setProgress(null), UPLOAD_HIDE_MS));
    }
  };

  return (
    <Field.Root required invalid={Boolean(problem)}>
      <Field.Label>{label}</Field.Label>
      <Box display="flex" alignItems="center" gap="3">
        {value ? <chakra.img src={value} alt={label} h="10" bg={dark ? 'gray.800' : 'white'} p="1" borderRadius="sm" /> : null}
        <Input
          type="file"
          accept=".png,image/png"
          aria-label={`${label}: ${t('suite.choose')}`}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      </Box>
      {progress !== null ? (
        <chakra.progress value={progress} max={100} width="full" height="1.5" aria-label={t('suite.uploading')} />
      ) : null}
      {problem ? <Field.ErrorText>{localized(problem)}</Field.ErrorText> : null}
    </Field.Root>
  );
}
