import { Button, HStack, Table } from '@chakra-ui/react';
import type { AccountFactor } from '@suite/shared';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/**
 * A person's second factors as a table (docs/adr/0037-second-factors.md): type, name, when added
 * and last used, and the row's actions — the person's own page renames and removes, the user
 * card removes.
 */
export function FactorsTable({
  factors,
  onRemove,
  onRename,
  busy = false,
}: {
  factors: readonly AccountFactor[];
  onRemove: (factor: AccountFactor) => void;
  onRename?: (factor: AccountFactor) => void;
  busy?: boolean;
}) {
  const { t, i18n } = useTranslation(NS);
  const when = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : t('factors.never');
  return (
    <Table.Root size="sm">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('factors.kind')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('factors.name')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('factors.added')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('factors.lastUsed')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('factors.actions')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {factors.map((factor) => (
          <Table.Row key={factor.id}>
            <Table.Cell>{t(`factors.kinds.${factor.kind}`)}</Table.Cell>
            <Table.Cell>{factor.name}</Table.Cell>
            <Table.Cell>{when(factor.createdAt)}</Table.Cell>
            <Table.Cell>{when(factor.lastUsedAt)}</Table.Cell>
            <Table.Cell>
              <HStack gap="2" justify="flex-end">
                {onRename ? (
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={t('factors.renameOne', { name: factor.name })}
                    onClick={() => onRename(factor)}
                  >
                    {t('factors.rename')}
                  </Button>
                ) : null}
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  loading={busy}
                  aria-label={t('factors.removeOne', { name: factor.name })}
                  onClick={() => onRemove(factor)}
                >
                  {t('factors.remove')}
                </Button>
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
