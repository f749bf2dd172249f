import { Box, Text } from '@chakra-ui/react';
import { ErrorAlert, DataTable, StateSwitch, type DataTableColumn, type SortOption } from '@suite/shared/console';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANY_ORDER, COMPANY_SORT, type CompanySort } from './companies';
import { CARD_NS } from './i18n';
import type { CompaniesState, CompanyRow } from './useCompanies';

export interface CompaniesTabProps {
  companies: CompaniesState;
  editing: boolean;
  /** Shows '*Se requiere una empresa principal' (after a refused move or save). */
  showMainError: boolean;
}

/**
 * The empresas tab (docs/product/users.md): the companies with their main-company and assigned
 * switches, searched, sorted and paged in the browser; switches only work in edit mode.
 */
export function CompaniesTab({ companies, editing, showMainError }: CompaniesTabProps) {
  const { t } = useTranslation(CARD_NS);

  const columns = useMemo<DataTableColumn<CompanyRow>[]>(
    () => [
      { key: 'name', header: t('companies.name') },
      {
        key: 'principal',
        header: t('companies.principal'),
        searchText: () => '',
        render: (row) => (
          <StateSwitch
            checked={row.principal}
            label={t('companies.principalOf', { name: row.name })}
            disabled={!editing}
            onChange={(next) => void companies.changeMain(row.id, next)}
          />
        ),
      },
      {
        key: 'assigned',
        header: t('companies.assigned'),
        searchText: () => '',
        render: (row) => (
          <StateSwitch
            checked={row.assigned}
            label={t('companies.assignedOf', { name: row.name })}
            // the main company's assigned flag does not apply
            disabled={!editing || row.principal}
            onChange={(next) => companies.changeAssigned(row.id, next)}
          />
        ),
      },
    ],
    [t, editing, companies],
  );

  const sortOptions = useMemo<SortOption<CompanyRow, CompanySort>[]>(
    () => Object.values(COMPANY_SORT).map((value) => ({ value, label: t(`companies.sort.${value}`), compare: COMPANY_ORDER[value] })),
    [t],
  );

  if (companies.load.status === 'error') {
    return <ErrorAlert message={companies.load.message} />;
  }
  return (
    <Box>
      <DataTable
        label={t('companies.label')}
        columns={columns}
        rows={companies.rows}
        rowKey={(row) => row.id}
        rowLabel={(row) => row.name}
        sortOptions={sortOptions}
        loading={companies.load.status === 'loading'}
      />
      {showMainError && !companies.hasMain ? (
        <Text role="alert" color="fg.error" fontSize="sm" mt="2">
          {t('companies.mainRequired')}
        </Text>
      ) : null}
    </Box>
  );
}
