import { Button, Heading, Stack, Table, Text, chakra } from '@chakra-ui/react';
import { LoadingState, apiErrorMessage } from '@suite/shared';
import { ErrorAlert, Modal, consoleKeys, type AuditEntry } from '@suite/shared/console';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionText } from './ActionText';
import { fetchAuditEntry } from './auditApi';
import { auditDiff, valueText, type AuditDiff, type FieldChange } from './diff';
import { formatWhen } from './format';
import { AUDIT_NS } from './i18n';
import { TargetText } from './TargetText';

/**
 * One audit entry in a modal dialog: when, who, what and on what, and the record's difference
 * before / after the change (read when it opens). Named by its title; focus starts on the dialog,
 * stays inside it, and goes back to what opened it; Escape or Cerrar close it.
 */
export function AuditDetail({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const { t, i18n } = useTranslation(AUDIT_NS);
  const detail = useQuery({ queryKey: consoleKeys.detail('audit', entry.id), queryFn: () => fetchAuditEntry(entry.id) });

  const fields: [string, ReactNode][] = [
    [t('detail.fields.at'), formatWhen(entry.at, i18n.language)],
    [t('detail.fields.actor'), entry.actorName || t('none')],
    [t('detail.fields.action'), <ActionText code={entry.action} />],
    [t('detail.fields.target'), <TargetText entry={entry} />],
    [t('detail.fields.application'), entry.application ?? t('none')],
  ];

  return (
    <Modal
      title={t('detail.title')}
      onClose={onClose}
      maxW="3xl"
      initialFocus="dialog"
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('detail.close')}
        </Button>
      }
    >
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
    </Modal>
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
