import { Box, Button, Heading, Stack, Table, Text, chakra } from '@chakra-ui/react';
import { LoadingState, apiErrorMessage } from '@suite/shared';
import { ErrorAlert, consoleKeys, useEntrance, type AuditEntry } from '@suite/shared/console';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAuditEntry } from './auditApi';
import { auditDiff, valueText, type AuditDiff, type FieldChange } from './diff';
import { formatWhen, targetText } from './format';
import { AUDIT_NS } from './i18n';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

/** Tab and Shift+Tab go round the dialog's controls: the page behind it is out of reach while it is open. */
function keepFocusInside(event: KeyboardEvent<HTMLElement>) {
  const box = event.currentTarget;
  const controls = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === box)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * One audit entry in a modal dialog: when, who, what and on what, and the record's difference
 * before / after the change (read when it opens). Named by its title; focus starts on the dialog,
 * stays inside it, and goes back to what opened it; Escape or Cerrar close it.
 */
export function AuditDetail({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const { t, i18n } = useTranslation(AUDIT_NS);
  const titleId = useId();
  const boxRef = useEntrance<HTMLDivElement>(entry.id);
  const detail = useQuery({ queryKey: consoleKeys.detail('audit', entry.id), queryFn: () => fetchAuditEntry(entry.id) });

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    boxRef.current?.focus();
    return () => opener?.focus?.();
  }, [boxRef]);

  const fields: [string, string][] = [
    [t('detail.fields.at'), formatWhen(entry.at, i18n.language)],
    [t('detail.fields.actor'), entry.actorName || t('none')],
    [t('detail.fields.action'), entry.action],
    [t('detail.fields.target'), targetText(entry) || t('none')],
    [t('detail.fields.application'), entry.application ?? t('none')],
  ];

  return (
    <Box position="fixed" inset="0" zIndex="modal" bg="blackAlpha.600" display="flex" alignItems="center" justifyContent="center" p="4">
      <Box
        ref={boxRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        bg="white"
        borderRadius="lg"
        boxShadow="lg"
        p="6"
        w="full"
        maxW="3xl"
        maxH="90vh"
        overflowY="auto"
        _focusVisible={{ outline: 'none' }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          } else if (event.key === 'Tab') {
            keepFocusInside(event);
          }
        }}
      >
        <Stack gap="4">
          <Heading as="h2" id={titleId} size="md">
            {t('detail.title')}
          </Heading>
          <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="1" fontSize="sm">
            {fields.map(([label, value]) => (
              <Fragment key={label}>
                <chakra.dt fontWeight="semibold">{label}</chakra.dt>
                <chakra.dd wordBreak="break-word">{value}</chakra.dd>
              </Fragment>
            ))}
          </chakra.dl>
          {detail.isPending ? <LoadingState label={t('detail.loading')} /> : null}
          {detail.error ? <ErrorAlert message={apiErrorMessage(detail.error)} /> : null}
          {detail.data ? <DiffView diff={auditDiff(detail.data.before, detail.data.after)} /> : null}
          <Box display="flex" justifyContent="flex-end">
            <Button variant="outline" onClick={onClose}>
              {t('detail.close')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Box>
  );
}

/** The difference as a table: field, before and after for a change; field and value for one side only. */
function DiffView({ diff }: { diff: AuditDiff }) {
  const { t } = useTranslation(AUDIT_NS);
  const headingId = useId();
  if (diff.kind === 'none') return <Text>{t('detail.noData')}</Text>;
  if (diff.fields.length === 0) return <Text>{t('detail.noChanges')}</Text>;
  const sides: (keyof Pick<FieldChange, 'before' | 'after'>)[] =
    diff.kind === 'changes' ? ['before', 'after'] : [diff.kind === 'onlyAfter' ? 'after' : 'before'];
  const value = (change: FieldChange, side: 'before' | 'after') => {
    const shown = valueText(change[side]);
    return shown === '' ? t('none') : shown;
  };
  return (
    <Stack gap="2">
      <Heading as="h3" id={headingId} size="sm">
        {t(`detail.${diff.kind}`)}
      </Heading>
      <Table.Root aria-labelledby={headingId} size="sm" variant="outline">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">{t('detail.field')}</Table.ColumnHeader>
            {sides.map((side) => (
              <Table.ColumnHeader key={side} scope="col">
                {diff.kind === 'changes' ? t(`detail.${side}`) : t('detail.value')}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {diff.fields.map((change) => (
            <Table.Row key={change.field}>
              <Table.Cell fontWeight="medium">{change.field || t('detail.wholeValue')}</Table.Cell>
              {sides.map((side) => (
                <Table.Cell key={side} fontFamily="mono" whiteSpace="pre-wrap" wordBreak="break-word">
                  {value(change, side)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
