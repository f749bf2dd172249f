import { Box, Button, Field, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { apiErrorMessage } from '@suite/shared';
import {
  ErrorAlert,
  NativeSelect,
  askDialog,
  confirmAction,
  useUnsavedChanges,
  MENU_LOCATION,
  applicationOptionLabel,
  MENU_LOCATIONS,
  MENU_MESSAGES,
  type MenuItem,
  type MenuLocation,
  type SuiteItem,
} from '@suite/shared/console';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMenuApplications, fetchMenuPrivileges } from '../../api/menus';
import { NS } from '../../i18n';
import { ItemModal } from '../item-modal/ItemModal';
import { SuiteGridView } from '../suite/SuiteGridView';
import { SuiteItemModal } from '../suite/SuiteItemModal';
import { MenuPreview } from './MenuPreview';
import { MenuTreeView } from './MenuTreeView';
import { SeeAsUser } from './SeeAsUser';
import { insertItem, removeItem, updateItem, type Tree } from './menuTree';
import { useMenuDraft } from './useMenuDraft';

type Editing = { kind: 'item'; item?: MenuItem } | { kind: 'suite'; item?: SuiteItem } | null;

/**
 * Menu settings (docs/product/menus.md): four tabs by location, the application selector, the
 * tree (or the suite grid), 'Crear Menu', and 'No guardar' / 'Guardar menú', enabled only with
 * unsaved changes and an application chosen. Edits are local until saved.
 */
export function MenuSettingsPage() {
  const { t } = useTranslation(NS);
  const [location, setLocation] = useState<MenuLocation>(MENU_LOCATION.lateral);
  const [applicationId, setApplicationId] = useState<number>();
  const [editing, setEditing] = useState<Editing>(null);
  const selectId = useId();
  const applications = useQuery({ queryKey: ['applications', 'of', 'menus', null, 'assignable'], queryFn: fetchMenuApplications });
  const privileges = useQuery({
    queryKey: ['privileges', 'of', 'applications', String(applicationId), 'menus'],
    queryFn: () => fetchMenuPrivileges(applicationId as number),
    enabled: applicationId !== undefined,
  });
  const menu = useMenuDraft(applicationId, location);
  const application = applications.data?.find((a) => a.id === applicationId);

  useUnsavedChanges({ when: menu.dirty, message: MENU_MESSAGES.unsavedChanges, onUpdate: menu.save, onDiscard: menu.discard });

  /** Before leaving this menu (another tab or application): 'Guardar menú' saves, 'No guardar' drops the edits. */
  const leaveMenu = async (): Promise<boolean> => {
    if (!menu.dirty) return true;
    const outcome = await askDialog({ message: MENU_MESSAGES.unsavedChanges, confirmText: t('save'), cancelText: t('discard') });
    if (outcome === 'confirm') return menu.save();
    if (outcome === 'cancel') {
      menu.discard();
      return true;
    }
    return false;
  };

  const tree = menu.items as Tree;
  const tiles = menu.items as SuiteItem[];
  const isSuite = location === MENU_LOCATION.suite;
  const remove = async (key: string) => {
    if (!(await confirmAction({ message: MENU_MESSAGES.deleteItem, confirmText: t('yes'), cancelText: t('no') }))) return;
    menu.edit(isSuite ? tiles.filter((i) => i.key !== key) : removeItem(tree, key));
  };

  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('menuSettings')}
      </Heading>
      <HStack role="tablist" aria-label={t('menuSettings')} gap="1" borderBottomWidth="1px">
        {MENU_LOCATIONS.map((l) => (
          <Button
            key={l}
            role="tab"
            id={`menu-tab-${l}`}
            aria-selected={l === location}
            aria-controls="menu-panel"
            variant={l === location ? 'solid' : 'ghost'}
            colorPalette="brand"
            size="sm"
            onClick={async () => {
              if (l !== location && (await leaveMenu())) setLocation(l);
            }}
          >
            {t(`tabs.${l}`)}
          </Button>
        ))}
      </HStack>
      <Box role="tabpanel" id="menu-panel" aria-labelledby={`menu-tab-${location}`}>
        <Stack gap="3">
          <HStack gap="3" align="end" wrap="wrap">
            <Field.Root maxW="sm">
              <Field.Label htmlFor={selectId}>{t('application')}</Field.Label>
              <NativeSelect
                id={selectId}
                value={applicationId ?? ''}
                onChange={async (e) => {
                  const next = e.target.value ? Number(e.target.value) : undefined;
                  if (await leaveMenu()) setApplicationId(next);
                }}
              >
                <option value="">{t('chooseApplication')}</option>
                {(applications.data ?? []).map((a) => (
                  <option key={a.id} value={a.id}>
                    {applicationOptionLabel(a, applications.data ?? [])}
                  </option>
                ))}
              </NativeSelect>
            </Field.Root>
            <Button
              colorPalette="brand"
              variant="outline"
              disabled={!application || !menu.stored}
              onClick={() => setEditing({ kind: isSuite ? 'suite' : 'item' })}
            >
              + {t('create')}
            </Button>
            <Box flex="1" />
            <Button variant="outline" disabled={!menu.dirty || !application} onClick={menu.discard}>
              {t('discard')}
            </Button>
            <Button colorPalette="brand" disabled={!menu.dirty || !application} loading={menu.saving} onClick={() => void menu.save()}>
              {t('save')}
            </Button>
          </HStack>
          {!application ? null : menu.menu.isPending ? (
            <Text>{t('loading')}</Text>
          ) : menu.menu.isError ? (
            // nothing to edit: an empty tree here would read as a menu with no items
            <ErrorAlert message={apiErrorMessage(menu.menu.error)} />
          ) : isSuite ? (
            <SuiteGridView
              items={tiles}
              onChange={menu.edit}
              onEdit={(item) => setEditing({ kind: 'suite', item })}
              onDelete={(item) => void remove(item.key)}
            />
          ) : (
            <HStack align="start" gap="4" wrap="wrap">
              <Box flex="1" minW="sm">
                <MenuTreeView
                  location={location}
                  tree={tree}
                  onChange={menu.edit}
                  onEdit={(item) => setEditing({ kind: 'item', item })}
                  onDelete={(item) => void remove(item.key)}
                />
              </Box>
              <Stack gap="3">
                <MenuPreview location={location} items={tree} />
                <SeeAsUser applicationId={application.id} location={location} />
              </Stack>
            </HStack>
          )}
        </Stack>
      </Box>
      {editing?.kind === 'item' && application ? (
        <ItemModal
          location={location}
          application={application.name}
          privileges={privileges.data ?? []}
          item={editing.item}
          onClose={() => setEditing(null)}
          onSave={(item) => {
            const { key, children: _children, ...fields } = item;
            menu.edit(editing.item ? updateItem(tree, key, fields) : insertItem(tree, item, { parent: null, index: tree.length }));
            setEditing(null);
          }}
        />
      ) : null}
      {editing?.kind === 'suite' && application ? (
        <SuiteItemModal
          application={application.name}
          item={editing.item}
          onClose={() => setEditing(null)}
          onSave={(item) => {
            menu.edit(editing.item ? tiles.map((i) => (i.key === item.key ? item : i)) : [...tiles, item]);
            setEditing(null);
          }}
        />
      ) : null}
    </Stack>
  );
}
