import { useLocalize } from '@suite/shared';
import {
  LocalPageTable,
  STATE_DATE_SORT,
  useConsoleMutation,
  useLocalPage,
  type DataTableColumn,
  APPLICATION_MESSAGES,
  amountTimeComb,
  type ApplicationAdminRecord,
} from '@suite/shared/console';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchApplications, modifyApplication } from '../../api/applications';
import { NS } from '../../i18n';
import { APPLICATION_ORDER, applicationStateBody, isActiveApplication } from '../common/application';

/**
 * The applications list (docs/product/applications.md, Screens and State): every
 * application is read at once, so search, sort and pages are the table's (remembered for the
 * tab); the state switch asks first, re-sends the whole application and reloads; a row opens
 * the form, and so does the create button.
 */
export function ApplicationsList({ label }: { label: string }) {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  const list = useLocalPage<ApplicationAdminRecord>({
    entity: 'applications',
    rememberAs: 'applications',
    fetchAll: fetchApplications,
    order: APPLICATION_ORDER,
    defaultSort: STATE_DATE_SORT.active,
  });

  const switchState = useConsoleMutation({
    run: ({ application, nextActive }: { application: ApplicationAdminRecord; nextActive: boolean }) =>
      modifyApplication(applicationStateBody(application, nextActive)),
    invalidates: ['applications'],
    success: () => APPLICATION_MESSAGES.updated,
    autoClose: true,
    showForbidden: true,
  });

  const columns = useMemo<DataTableColumn<ApplicationAdminRecord>[]>(() => {
    // from amount and unit in the page's language: the API's amountTimeComb is Spanish
    const tokenDuration = (row: ApplicationAdminRecord) => amountTimeComb(row.amountTime, row.timeUnit, localized);
    return [
      { key: 'name', header: t('columns.name') },
      { key: 'urlApp', header: t('columns.urlApp') },
      { key: 'amountTimeComb', header: t('columns.amountTimeComb'), render: tokenDuration, searchText: tokenDuration },
    ];
  }, [t, localized]);

  return (
    <LocalPageTable<ApplicationAdminRecord>
      list={list}
      label={label}
      columns={columns}
      rowId={(application) => application.id}
      rowLabel={(application) => application.name}
      loadingLabel={t('loadingList')}
      createLabel={t('createApplication')}
      stateToggle={{
        isActive: isActiveApplication,
        confirmMessage: (_application, nextActive) =>
          nextActive ? APPLICATION_MESSAGES.confirmActivate : APPLICATION_MESSAGES.confirmInactivate,
        onToggle: (application, nextActive) => switchState.mutate({ application, nextActive }),
      }}
    />
  );
}
