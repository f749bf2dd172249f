import { Alert, Box, Button, HStack, Heading } from '@chakra-ui/react';
import { ApiError, LoadingState, apiErrorMessage, type DocumentTypeRecord, type UserDetail } from '@suite/shared';
import { TabbedCard, showMessage, useUnsavedChanges, type CardTab } from '@suite/shared/console';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { createUser, fetchUser, modifyUser } from '../../api/userCard';
import { CompaniesTab } from './CompaniesTab';
import { DataTab } from './DataTab';
import { CARD_NS } from './i18n';
import { RolesTab } from './RolesTab';
import { useCompanies } from './useCompanies';
import { useDocumentTypes, useReferenceData } from './useReferenceData';
import { useRoles } from './useRoles';
import { useUniqueCheck } from './useUniqueCheck';
import { EMPTY_USER_FORM, formToRequest, userFormResolver, userToForm, type UserFormOutput, type UserFormValues } from './userForm';

const TABS = ['data', 'companies', 'roles'] as const;
type TabId = (typeof TABS)[number];

/** Navigation state that opens the card in edit mode (after a deleted user is reactivated). */
export interface UserCardState {
  edit?: boolean;
}

/** Where the card goes when it is done, and the list it reloads by being mounted again. */
const LIST_PATH = '/users';

type Load = { status: 'loading' } | { status: 'missing' } | { status: 'error'; message: string } | { status: 'ready'; user: UserDetail | null };

/** The stored user's fields as the modify body repeats them when a tab sends only its part. */
function storedFields(user: UserDetail) {
  const { names, surnames, userName, email, document, phoneNumber, idTypeUser, countryCode, documentType } = user;
  return { names, surnames, userName, email, document, phoneNumber, idTypeUser, countryCode, documentType };
}

/**
 * The user card (console spec §2 "User card", §4): Datos, empresas and roles tabs; a new user
 * starts in edit mode and is created from the roles tab, an existing one opens in detail mode
 * and each tab updates its own part.
 */
export function UserCard({ userId }: { userId?: string }) {
  const { t } = useTranslation(CARD_NS);
  const navigate = useNavigate();
  const headingId = useId();
  const isNew = userId === undefined;
  const openInEdit = Boolean((useLocation().state as UserCardState | null)?.edit);

  const [load, setLoad] = useState<Load>(isNew ? { status: 'ready', user: null } : { status: 'loading' });
  const [editing, setEditing] = useState(isNew || openInEdit);
  const [tab, setTab] = useState<TabId>('data');
  const [saving, setSaving] = useState(false);
  const [showMainError, setShowMainError] = useState(false);
  const [showRoleError, setShowRoleError] = useState(false);
  const [redirect, setRedirect] = useState<{ to: string; state?: UserCardState } | null>(null);
  const user = load.status === 'ready' ? load.user : null;

  const { userTypes, countries } = useReferenceData();
  const documentTypesRef = useRef<readonly DocumentTypeRecord[]>([]);
  const form = useForm<UserFormValues, unknown, UserFormOutput>({
    mode: 'onChange',
    defaultValues: EMPTY_USER_FORM,
    resolver: userFormResolver(() => documentTypesRef.current),
  });
  const countryId = form.watch('countryId');
  const countryCode = countries.find((country) => String(country.id) === countryId)?.countryCode;
  const documentTypes = useDocumentTypes(countryCode);
  documentTypesRef.current = documentTypes;

  const companies = useCompanies(userId, t('companies.confirmMain'));
  const roles = useRoles(userId);

  const unique = useUniqueCheck({
    form,
    userId,
    texts: { deletedMatch: t('deleted.message'), createNew: t('deleted.create'), reactivate: t('deleted.reactivate') },
    onReactivated: (reactivated) => {
      // spec §4: the card shows the reactivated user, in edit mode
      form.reset(userToForm(reactivated));
      setRedirect({ to: `${LIST_PATH}/${reactivated.id}`, state: { edit: true } });
    },
  });

  const loadUser = useCallback(async () => {
    if (!userId) return;
    try {
      const found = await fetchUser(userId);
      if (!found) {
        setLoad({ status: 'missing' });
        return;
      }
      form.reset(userToForm(found));
      unique.reset(found);
      setLoad({ status: 'ready', user: found });
    } catch (error) {
      setLoad({ status: 'error', message: apiErrorMessage(error) });
    }
  }, [userId, form, unique]);

  // read once per card (the id is the card's key); saving reads it again itself
  const firstLoad = useRef(loadUser);
  useEffect(() => {
    void firstLoad.current();
  }, []);

  // navigating once the render that cleared the changes is in place (the unsaved prompt lets go)
  useEffect(() => {
    if (redirect) navigate(redirect.to, { replace: redirect.state !== undefined, state: redirect.state });
  }, [redirect, navigate]);

  const dataDirty = form.formState.isDirty;
  const tabDirty: Record<TabId, boolean> = { data: dataDirty, companies: companies.dirty, roles: roles.dirty };

  /** Valid Datos: the contract's rules and the duplicate check. */
  const validateData = useCallback(async (): Promise<UserFormOutput | null> => {
    const values = await new Promise<UserFormOutput | null>((resolve) => {
      void form.handleSubmit(
        (output) => resolve(output),
        () => resolve(null),
      )();
    });
    if (!values) return null;
    try {
      if (!(await unique.checkAll())) return null;
    } catch (error) {
      await showMessage({ message: apiErrorMessage(error), variant: 'error' });
      return null;
    }
    return values;
  }, [form, unique]);

  const failed = useCallback(async (error: unknown) => {
    // a 403 already has the privileges dialog of the API client
    if (error instanceof ApiError && error.status === 403) return;
    await showMessage({ message: apiErrorMessage(error), variant: 'error' });
  }, []);

  /** Runs a save with the card busy; resolves whether it succeeded. */
  const run = useCallback(
    async (save: () => Promise<boolean>): Promise<boolean> => {
      setSaving(true);
      try {
        return await save();
      } catch (error) {
        await failed(error);
        return false;
      } finally {
        setSaving(false);
      }
    },
    [failed],
  );

  const afterUpdate = useCallback(
    async (message: string) => {
      await loadUser();
      companies.reload();
      roles.reload();
      setEditing(false);
      await showMessage({ message: message.trim() });
    },
    [loadUser, companies, roles],
  );

  const saveData = useCallback(
    () =>
      run(async () => {
        if (!userId) return false;
        const values = await validateData();
        const body = values && formToRequest(values, countries, documentTypes);
        if (!body) return false;
        await modifyUser({ id: userId, ...body });
        await afterUpdate(t('messages.dataUpdated'));
        return true;
      }),
    [run, userId, validateData, countries, documentTypes, afterUpdate, t],
  );

  const saveCompanies = useCallback(
    () =>
      run(async () => {
        if (!userId || !user) return false;
        if (!companies.hasMain) {
          setShowMainError(true);
          return false;
        }
        await modifyUser({ id: userId, ...storedFields(user), customer: companies.payload() });
        await afterUpdate(t('messages.updated'));
        return true;
      }),
    [run, userId, user, companies, afterUpdate, t],
  );

  const saveRoles = useCallback(
    () =>
      run(async () => {
        if (!userId || !user) return false;
        if (!roles.holdsAnyRole) {
          setShowRoleError(true);
          return false;
        }
        await modifyUser({ id: userId, ...storedFields(user), roles: await roles.payload() });
        await afterUpdate(t('messages.updated'));
        return true;
      }),
    [run, userId, user, roles, afterUpdate, t],
  );

  /** Creates the user from the three tabs; `thenList` goes back to the list afterwards. */
  const create = useCallback(
    (thenList: boolean) =>
      run(async () => {
        const values = await validateData();
        const body = values && formToRequest(values, countries, documentTypes);
        if (!body) {
          setTab('data');
          return false;
        }
        if (!companies.hasMain) {
          setShowMainError(true);
          setTab('companies');
          return false;
        }
        if (!roles.holdsAnyRole) {
          setShowRoleError(true);
          setTab('roles');
          return false;
        }
        await createUser({ ...body, customer: companies.payload(), roles: await roles.payload() });
        form.reset(form.getValues());
        companies.discard();
        roles.discard();
        await showMessage({ message: t('messages.created') });
        if (thenList) setRedirect({ to: LIST_PATH });
        return true;
      }),
    [run, validateData, countries, documentTypes, companies, roles, form, t],
  );

  const saveTab: Record<TabId, () => Promise<boolean>> = { data: saveData, companies: saveCompanies, roles: saveRoles };
  const discardTab: Record<TabId, () => void> = {
    data: () => form.reset(user ? userToForm(user) : EMPTY_USER_FORM),
    companies: companies.discard,
    roles: roles.discard,
  };

  const unsaved = useUnsavedChanges({
    when: isNew ? !redirect && (dataDirty || companies.dirty || roles.dirty) : editing && tabDirty[tab],
    message: t('unsaved'),
    onUpdate: () => (isNew ? create(false) : saveTab[tab]()),
    onDiscard: () => (isNew ? undefined : discardTab[tab]()),
  });

  const beforeTabChange = async (from: string, to: string): Promise<boolean> => {
    const forward = TABS.indexOf(to as TabId) > TABS.indexOf(from as TabId);
    if (!isNew) return unsaved.confirmLeave();
    if (!forward) return true;
    // spec §4: moving on needs valid data, and roles need a main company
    if (from === 'data' && !(await validateData())) return false;
    if (to === 'roles' && !companies.hasMain) {
      setShowMainError(true);
      if (from === 'data') setTab('companies');
      return false;
    }
    return true;
  };

  const changeEditing = async (next: boolean) => {
    if (!next && !(await unsaved.confirmLeave())) return;
    setEditing(next);
  };

  const tabs = useMemo<CardTab[]>(
    () => [
      {
        id: 'data',
        label: t('tabs.data'),
        content: (
          <DataTab form={form} editing={editing} userTypes={userTypes} countries={countries} documentTypes={documentTypes} onUniqueBlur={unique.onBlur} />
        ),
      },
      { id: 'companies', label: t('tabs.companies'), content: <CompaniesTab companies={companies} editing={editing} showMainError={showMainError} /> },
      { id: 'roles', label: t('tabs.roles'), content: <RolesTab roles={roles} editing={editing} showRequiredError={showRoleError} /> },
    ],
    [t, form, editing, userTypes, countries, documentTypes, unique.onBlur, companies, showMainError, roles, showRoleError],
  );

  const actions =
    tab === 'roles' ? (
      <Button colorPalette="brand" loading={saving} disabled={!editing} onClick={() => void (isNew ? create(true) : saveRoles())}>
        {isNew ? t('actions.save') : t('actions.update')}
      </Button>
    ) : isNew ? null : (
      <Button colorPalette="brand" loading={saving} disabled={!editing} onClick={() => void saveTab[tab]()}>
        {t('actions.update')}
      </Button>
    );

  return (
    <Box as="section" aria-labelledby={headingId}>
      <HStack justify="space-between" mb="4" gap="3" flexWrap="wrap">
        <Heading as="h1" id={headingId} size="xl">
          {t('title')}
        </Heading>
        <Button variant="outline" onClick={() => navigate(LIST_PATH)}>
          {t('actions.back')}
        </Button>
      </HStack>
      {load.status === 'loading' ? <LoadingState label={t('loading')} /> : null}
      {load.status === 'missing' || load.status === 'error' ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{load.status === 'error' ? load.message : t('notFound')}</Alert.Title>
        </Alert.Root>
      ) : null}
      {load.status === 'ready' ? (
        <TabbedCard
          subheader={isNew ? t('subtitle.new') : editing ? t('subtitle.edit') : t('subtitle.detail')}
          tabs={tabs}
          activeTab={tab}
          onTabChange={(id) => setTab(id as TabId)}
          beforeTabChange={beforeTabChange}
          editing={editing}
          onEditingChange={isNew ? undefined : (next) => void changeEditing(next)}
          actions={actions}
        />
      ) : null}
    </Box>
  );
}
