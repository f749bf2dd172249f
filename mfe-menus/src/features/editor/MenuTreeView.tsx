import { Box, Button, HStack, Text } from '@chakra-ui/react';
import {
  dragAndDropFeature,
  hotkeysCoreFeature,
  keyboardDragAndDropFeature,
  selectionFeature,
  syncDataLoaderFeature,
  type DragTarget,
  type ItemInstance,
} from '@headless-tree/core';
import { AssistiveTreeDescription, useTree } from '@headless-tree/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { MenuIcon } from '@suite/shared/menu-icon';
import { Tag } from '../common/parts';
import { findItem, moveItem, nonDragMove, parentInactive, updateItem, type Place, type Tree } from './menuTree';
import { MENU_LOCATION, useLanding, type MenuItem, type MenuLocation } from '@suite/shared/console';

const ROOT = '__root__';
/** The tree's invisible root: the loader must answer an item for it too. */
const ROOT_ITEM = { key: ROOT, name: '', children: [] } as unknown as MenuItem;
const INDENT = 24;

export interface MenuTreeViewProps {
  location: MenuLocation;
  tree: Tree;
  onChange: (tree: Tree) => void;
  onEdit: (item: MenuItem) => void;
  onDelete: (item: MenuItem) => void;
}

/** Where a drop puts the items: between two siblings, or at the end of the item dropped on. */
function placeOfDrop(target: DragTarget<MenuItem>, tree: Tree): Place {
  const parentId = target.item.getId();
  const parent = parentId === ROOT ? null : parentId;
  if ('insertionIndex' in target) return { parent, index: target.insertionIndex };
  return { parent, index: parent === null ? tree.length : (findItem(tree, parent)?.children.length ?? 0) };
}

/**
 * The menu as a tree (locations 1-3): drag and drop with the mouse, and with the keyboard
 * (@headless-tree's keyboard drag: Ctrl+Shift+D, arrows, Enter), across levels; and the same moves
 * as buttons for the focused item (up, down, into, out), with its edit, switch and delete
 * (delete on leaves only). Every change goes through `onChange`.
 */
export function MenuTreeView({ location, tree, onChange, onEdit, onDelete }: MenuTreeViewProps) {
  const { t } = useTranslation(NS);
  const [focused, setFocused] = useState<string | null>(null);
  // the items the last move put somewhere, and the move's number: they settle into their new place
  const [landed, setLanded] = useState<{ keys: readonly string[]; move: number }>({ keys: [], move: 0 });
  const land = (moved: readonly string[]) => setLanded((last) => ({ keys: moved, move: last.move + 1 }));
  const keys = useMemo(() => {
    const all: string[] = [];
    const walk = (items: Tree) => items.forEach((i) => (all.push(i.key), walk(i.children)));
    walk(tree);
    return all;
  }, [tree]);

  // every group stays open; a stable object, or the tree would re-render without end
  const state = useMemo(() => ({ expandedItems: [ROOT, ...keys], focusedItem: focused }), [keys, focused]);
  const headless = useTree<MenuItem>({
    rootItemId: ROOT,
    state,
    setFocusedItem: (updater) => setFocused((current) => (typeof updater === 'function' ? updater(current) : updater)),
    getItemName: (item) => item.getItemData().name,
    // every item may take children: a leaf becomes a group when something is dropped on it
    isItemFolder: () => true,
    canReorder: true,
    canDrop: (items, target) => {
      const place = placeOfDrop(target, tree);
      return items.every((item) => moveItem(tree, item.getId(), place) !== tree);
    },
    onDrop: (items, target) => {
      const place = placeOfDrop(target, tree);
      let next = tree;
      for (const [i, item] of items.entries()) next = moveItem(next, item.getId(), { ...place, index: place.index + i });
      if (next === tree) return;
      onChange(next);
      land(items.map((item) => item.getId()));
    },
    indent: INDENT,
    dataLoader: {
      getItem: (id) => (id === ROOT ? ROOT_ITEM : (findItem(tree, id) ?? ROOT_ITEM)),
      getChildren: (id) => (id === ROOT ? tree : (findItem(tree, id)?.children ?? [])).map((item) => item.key),
    },
    features: [syncDataLoaderFeature, selectionFeature, hotkeysCoreFeature, dragAndDropFeature, keyboardDragAndDropFeature],
  });

  // the tree's structure is our state: rebuild its cache whenever it changes
  useEffect(() => headless.rebuildTree(), [headless, tree]);

  const current = focused ? findItem(tree, focused) : undefined;
  const move = (direction: 'up' | 'down' | 'into' | 'out') => {
    if (!current) return;
    const next = nonDragMove(tree, current.key, direction);
    if (!next) return;
    onChange(next);
    land([current.key]);
  };
  const can = (direction: 'up' | 'down' | 'into' | 'out') => Boolean(current && nonDragMove(tree, current.key, direction));
  const name = current?.name ?? '';

  return (
    <Box>
      <HStack gap="2" wrap="wrap" mb="2" role="toolbar" aria-label={t('tree')}>
        <Button size="xs" variant="outline" disabled={!can('up')} aria-label={t('actions.up', { name })} onClick={() => move('up')}>
          ↑
        </Button>
        <Button size="xs" variant="outline" disabled={!can('down')} aria-label={t('actions.down', { name })} onClick={() => move('down')}>
          ↓
        </Button>
        <Button size="xs" variant="outline" disabled={!can('into')} aria-label={t('actions.into', { name })} onClick={() => move('into')}>
          →
        </Button>
        <Button size="xs" variant="outline" disabled={!can('out')} aria-label={t('actions.out', { name })} onClick={() => move('out')}>
          ←
        </Button>
        <Button size="xs" variant="outline" disabled={!current} onClick={() => current && onEdit(current)}>
          {t('actions.edit', { name })}
        </Button>
        {current && current.children.length === 0 ? (
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => onDelete(current)}>
            {t('actions.remove', { name })}
          </Button>
        ) : null}
        {current ? (
          <label style={{ display: 'flex', alignItems: 'center', gap: 6, fontSize: 14 }}>
            <input
              type="checkbox"
              checked={current.isActivate}
              disabled={parentInactive(tree, current.key)}
              onChange={(e) => onChange(updateItem(tree, current.key, { isActivate: e.target.checked }))}
            />
            {t('actions.active', { name })}
          </label>
        ) : null}
      </HStack>
      <Text fontSize="xs" color="fg.muted" mb="2">
        {t('dragHint')}
      </Text>
      {/* the drag's live announcements, beside the tree: a tree holds only its items */}
      <AssistiveTreeDescription
        tree={headless}
        getLabel={(dnd) =>
          dnd?.draggedItems?.length
            ? t('dragActive', { name: dnd.draggedItems.map((item) => item.getItemName()).join(', ') })
            : t('dragHint')
        }
      />
      <Box {...headless.getContainerProps(t('tree'))} position="relative" borderWidth="1px" borderRadius="md" p="2" bg="white">
        {headless.getItems().map((item) => (
          <TreeRow key={item.getId()} item={item} location={location} landing={landed.keys.includes(item.getId()) ? landed.move : null} />
        ))}
        <div style={{ ...headless.getDragLineStyle(), height: 2, background: 'var(--chakra-colors-brand-main, #1d5fa8)' }} />
      </Box>
      {tree.length === 0 ? <Text mt="2">{t('empty')}</Text> : null}
    </Box>
  );
}

/** A row of the tree; `landing` is the number of the move that just put it here, if one did. */
function TreeRow({ item, location, landing }: { item: ItemInstance<MenuItem>; location: MenuLocation; landing: number | null }) {
  const { t } = useTranslation(NS);
  const landingRef = useLanding<HTMLDivElement>(landing);
  const data = item.getItemData();
  if (data.key === ROOT) return null;
  const level = item.getItemMeta().level;
  const { ref: register, ...props } = item.getProps();
  return (
    <Box
      {...props}
      ref={(element: HTMLDivElement | null) => {
        register?.(element);
        landingRef.current = element;
      }}
      display="flex"
      alignItems="center"
      gap="2"
      py="1"
      pr="2"
      style={{ paddingLeft: `${level * INDENT + 8}px` }}
      borderRadius="sm"
      cursor="grab"
      bg={item.isDragTarget() ? 'brand.subtle' : item.isFocused() ? 'gray.100' : undefined}
      transition="background-color 0.15s"
      _motionReduce={{ transition: 'none' }}
      outlineColor="brand.main"
      opacity={data.isActivate ? 1 : 0.6}
    >
      <MenuIcon name={data.iconName} personalized={data.isPersonalizedIcon} size={18} />
      <span>{data.name}</span>
      {location === MENU_LOCATION.user && data.section !== undefined && level === 0 ? <Tag>{t(`sections.${data.section}`)}</Tag> : null}
      {!data.isActivate ? <Tag>{t('inactive')}</Tag> : null}
    </Box>
  );
}
