import { Button } from '@chakra-ui/react';
import { LoadingState, PATHS, apiErrorMessage, type DocumentTypeRecord } from '@suite/shared';
import {
  CardFrame,
  ErrorAlert,
  TabbedCard,
  consoleKeys,
  invalidateEntities,
  showMessage,
  useCardController,
  type CardTab,
  type UserDetail,
} from '@suite/shared/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { createUser, fetchUser, modifyUser } from '../../api/userCard';
import { CompaniesTab } from './CompaniesTab';
import { DataTab } from './DataTab';
import { CARD_NS } from './i18n';
import { RolesTab } from './RolesTab';
import { SessionsTab } from './SessionsTab';
import { UserFactors } from './UserFactors';
import { UserLockNotice } from './UserLockNotice';
import { useCompanies } from './useCompanies';
import { useDocumentTypes, useReferenceData } from './useReferenceData';
import { useRoles } from './useRoles';
import { useUniqueCheck } from './useUniqueCheck';
import { EMPTY_USER_FORM, formToRequest, userFormResolver, userToForm, type UserFormOutput, type UserFormValues } from './userForm';

/** An existing user's tabs; a new one has no sessions yet. */
const TABS = ['data', 'companies', 'roles', 'sessions'] as const;
const NEW_TABS = ['data', 'companies', 'roles'] as const;
type TabId = (typeof TABS)[number];

/** The sessions tab changes nothing through the card's edit mode: each close is its own action. */
const READ_ONLY_PART = { dirty: false, save: async () => true, discard: () => {} };

/** Navigation state that opens the card in edit mode (after a deleted user is reactivated). */
export interface UserCardState {
  edit?: boolean;
}

/** Where the card goes when it is done. */
const LIST_PATH = PATHS.users;

/** What saving the user changes: the user (card and list) and the roles and companies shown of them. */
const CHANGES = ['users'] as const;

/** The stored user's fields as the modify body repeats them when a tab sends only its part. */
function storedFields(user: UserDetail) {
  const { names, surnames, userName, email, document, phoneNumber, idTypeUser, countryCode, documentType } = user;
  return { names, surnames, userName, email, document, phoneNumber, idTypeUser, countryCode, documentType };
}

/**
 * The user card (docs/product/users.md): Datos, empresas and roles tabs; a new user
 * starts in edit mode and is created from the roles tab, an existing one opens in detail mode
 * and each tab updates its own part, with a read-only Sesiones tab and its lockout above the tabs.
 */
export function UserCard({ userId }: { userId?: string }) {
  const { t } = useTranslation(CARD_NS);
  const navigate = useNavigate();
  const client = useQueryClient();
  const isNew = userId === undefined;
  const openInEdit = Boolean((useLocation().state as UserCardState | null)?.edit);

  // the stored user (null: no such user); a new user has none to read
  const detail = useQuery({
    queryKey: consoleKeys.detail('users', userId ?? ''),
    queryFn: () => fetchUser(userId as string),
    enabled: !isNew,
  });
  const user = isNew ? null : (detail.data ?? null);
  const [showMainError, setShowMainError] = useState(false);
  const [showRoleError, setShowRoleError] = useState(false);

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
      // the card shows the reactivated user, in edit mode
      form.reset(userToForm(reactivated));
      void invalidateEntities(client, CHANGES);
      card.leave(`${LIST_PATH}/${reactivated.id}`, { edit: true } satisfies UserCardState);
    },
  });

  // every read of the user (the first, and after a save) is what the form holds and compares with
  const { reset: resetUnique } = unique;
  useEffect(() => {
    if (!detail.data) return;
    form.reset(userToForm(detail.data));
    resetUnique(detail.data);
    // dataUpdatedAt: a read that brought the same user still resets the form
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [detail.dataUpdatedAt]);

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

  /** After a tab's part is saved: the user, companies and roles are read again, the card leaves edit mode. */
  const afterUpdate = (message: string) => card.saved(message, roles.discard);

  const saveData = async () => {
    if (!userId) return false;
    const values = await validateData();
    const body = values && formToRequest(values, countries, documentTypes);
    if (!body) return false;
    await modifyUser({ id: userId, ...body });
    await afterUpdate(t('messages.dataUpdated'));
    return true;
  };

  const saveCompanies = async () => {
    if (!userId || !user) return false;
    if (!companies.hasMain) {
      setShowMainError(true);
      return false;
    }
    await modifyUser({ id: userId, ...storedFields(user), customer: companies.payload() });
    await afterUpdate(t('messages.updated'));
    return true;
  };

  const saveRoles = async () => {
    if (!userId || !user) return false;
    if (!roles.holdsAnyRole) {
      setShowRoleError(true);
      return false;
    }
    await modifyUser({ id: userId, ...storedFields(user), roles: await roles.payload() });
    await afterUpdate(t('messages.updated'));
    return true;
  };

  /** Creates the user from the three tabs. */
  const create = async () => {
    const values = await validateData();
    const body = values && formToRequest(values, countries, documentTypes);
    if (!body) {
      card.showTab('data');
      return false;
    }
    if (!companies.hasMain) {
      setShowMainError(true);
      card.showTab('companies');
      return false;
    }
    if (!roles.holdsAnyRole) {
      setShowRoleError(true);
      card.showTab('roles');
      return false;
    }
    await createUser({ ...body, customer: companies.payload(), roles: await roles.payload() });
    form.reset(form.getValues());
    companies.discard();
    roles.discard();
    await showMessage({ message: t('messages.created') });
    return true;
  };

  /** Moving on needs valid data, and roles need a main company. */
  const beforeForward = async (from: TabId, to: TabId) => {
    if (from === 'data' && !(await validateData())) return false;
    if (to === 'roles' && !companies.hasMain) {
      setShowMainError(true);
      if (from === 'data') card.showTab('companies');
      return false;
    }
    return true;
  };

  const card = useCardController<TabId>({
    tabs: isNew ? NEW_TABS : TABS,
    parts: {
      data: { dirty: form.formState.isDirty, save: saveData, discard: () => form.reset(user ? userToForm(user) : EMPTY_USER_FORM) },
      companies: { dirty: companies.dirty, save: saveCompanies, discard: companies.discard },
      roles: { dirty: roles.dirty, save: saveRoles, discard: roles.discard },
      sessions: READ_ONLY_PART,
    },
    creation: isNew ? { save: create, beforeForward } : undefined,
    startEditing: openInEdit,
    invalidates: CHANGES,
    unsavedMessage: t('unsaved'),
  });
  const { editing, tab, saving } = card;

  const tabs = useMemo<CardTab[]>(
    () => [
      {
        id: 'data',
        label: t('tabs.data'),
        content: (
          <DataTab
            form={form}
            editing={editing}
            userTypes={userTypes}
            countries={countries}
            documentTypes={documentTypes}
            onUniqueBlur={unique.onBlur}
          />
        ),
      },
      {
        id: 'companies',
        label: t('tabs.companies'),
        content: <CompaniesTab companies={companies} editing={editing} showMainError={showMainError} />,
      },
      {
        id: 'roles',
        label: t('tabs.roles'),
        content: <RolesTab roles={roles} userId={userId} editing={editing} showRequiredError={showRoleError} />,
      },
      ...(userId ? [{ id: 'sessions', label: t('tabs.sessions'), content: <SessionsTab userId={userId} /> }] : []),
    ],
    [t, form, editing, userTypes, countries, documentTypes, unique.onBlur, companies, showMainError, roles, showRoleError, userId],
  );

  const actions =
    tab === 'roles' ? (
      <Button
        colorPalette="brand"
        loading={saving}
        disabled={!editing}
        onClick={() => void (isNew ? card.create(LIST_PATH) : card.saveCurrent())}
      >
        {isNew ? t('actions.save') : t('actions.update')}
      </Button>
    ) : isNew || tab === 'sessions' ? null : (
      <Button colorPalette="brand" loading={saving} disabled={!editing} onClick={() => void card.saveCurrent()}>
        {t('actions.update')}
      </Button>
    );

  const status = isNew
    ? 'ready'
    : detail.status === 'pending'
      ? 'loading'
      : detail.status === 'error'
        ? 'error'
        : detail.data
          ? 'ready'
          : 'missing';

  return (
    <CardFrame title={t('title')} back={{ label: t('actions.back'), onClick: () => navigate(LIST_PATH) }}>
      {status === 'loading' ? <LoadingState label={t('loading')} /> : null}
      {status === 'missing' || status === 'error' ? (
        <ErrorAlert message={status === 'error' ? apiErrorMessage(detail.error) : t('notFound')} />
      ) : null}
      {status === 'ready' && user ? <UserLockNotice user={user} /> : null}
      {status === 'ready' ? (
        <TabbedCard
          subheader={isNew ? t('subtitle.new') : editing ? t('subtitle.edit') : t('subtitle.detail')}
          tabs={tabs}
          actions={actions}
          {...card.tabbedCard}
        />
      ) : null}
      {status === 'ready' && !isNew && userId ? <UserFactors userId={userId} /> : null}
    </CardFrame>
  );
}
