import { Box, Button, HStack, Stack, Text, chakra } from '@chakra-ui/react';
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
import { Tag } from '../common/parts';
import { moveInList, placeInList } from '../editor/menuTree';
import { SUITE_MENU_ROWS, type SuiteItem } from '@suite/shared/console';

/** Height of the suite grid (docs/product/menus.md, Limits). */
export const SUITE_GRID_HEIGHT = '390px';

const ROOT = '__root__';
/** The list's invisible root: the loader must answer an item for it too. */
const ROOT_ITEM = { key: ROOT, name: '' } as SuiteItem;

/**
 * The index a drop puts the tiles at: between tiles, or at the end when dropped on the grid itself
 * (the library also asks whether the grid may take them before it offers a place between tiles);
 * never into a tile.
 */
const indexOfDrop = (target: DragTarget<SuiteItem>) =>
  target.item.getId() !== ROOT ? undefined : 'insertionIndex' in target ? target.insertionIndex : Infinity;

/**
 * The suite grid (location 4): tiles in 4 rows, filled column by column as the shell shows them.
 * Tiles are reordered by dragging with the mouse, with the keyboard (@headless-tree's keyboard drag,
 * as in the menu tree: Ctrl+Shift+D, arrows, Enter), or with the move buttons of the focused tile,
 * which also opens its form, switches it on or off, or deletes it.
 */
export function SuiteGridView({
  items,
  onChange,
  onEdit,
  onDelete,
}: {
  items: SuiteItem[];
  onChange: (items: SuiteItem[]) => void;
  onEdit: (item: SuiteItem) => void;
  onDelete: (item: SuiteItem) => void;
}) {
  const { t } = useTranslation(NS);
  const [focused, setFocused] = useState<string | null>(null);
  const state = useMemo(() => ({ expandedItems: [ROOT], focusedItem: focused }), [focused]);
  const byKey = useMemo(() => new Map(items.map((item) => [item.key, item])), [items]);

  const grid = useTree<SuiteItem>({
    rootItemId: ROOT,
    state,
    setFocusedItem: (updater) => setFocused((current) => (typeof updater === 'function' ? updater(current) : updater)),
    getItemName: (item) => item.getItemData().name,
    isItemFolder: (item) => item.getId() === ROOT,
    canReorder: true,
    canDrop: (_dragged, target) => indexOfDrop(target) !== undefined,
    onDrop: (dragged, target) => {
      const index = indexOfDrop(target);
      if (index === undefined) return;
      const next = placeInList(items, new Set(dragged.map((item) => item.getId())), index);
      if (next.some((item, i) => item !== items[i])) onChange(next);
    },
    dataLoader: {
      getItem: (id) => byKey.get(id) ?? ROOT_ITEM,
      getChildren: (id) => (id === ROOT ? items.map((item) => item.key) : []),
    },
    features: [syncDataLoaderFeature, selectionFeature, hotkeysCoreFeature, dragAndDropFeature, keyboardDragAndDropFeature],
  });

  // the tiles are our state: rebuild the list's cache whenever they change
  useEffect(() => grid.rebuildTree(), [grid, items]);

  const index = focused ? items.findIndex((item) => item.key === focused) : -1;
  const current = index >= 0 ? items[index] : undefined;
  const name = current?.name ?? '';

  return (
    <Box>
      <HStack gap="2" wrap="wrap" mb="2" role="toolbar" aria-label={t('grid')}>
        <Button
          size="xs"
          variant="outline"
          aria-label={t('actions.up', { name })}
          disabled={index <= 0}
          onClick={() => onChange(moveInList(items, index, -1) ?? items)}
        >
          ↑
        </Button>
        <Button
          size="xs"
          variant="outline"
          aria-label={t('actions.down', { name })}
          disabled={index < 0 || index === items.length - 1}
          onClick={() => onChange(moveInList(items, index, 1) ?? items)}
        >
          ↓
        </Button>
        <Button size="xs" variant="outline" disabled={!current} onClick={() => current && onEdit(current)}>
          {t('actions.edit', { name })}
        </Button>
        {current ? (
          <>
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => onDelete(current)}>
              {t('actions.remove', { name })}
            </Button>
            <chakra.label display="flex" alignItems="center" gap="1" fontSize="sm">
              <input
                type="checkbox"
                checked={current.isActivate}
                onChange={(e) => onChange(items.map((i) => (i.key === current.key ? { ...i, isActivate: e.target.checked } : i)))}
              />
              {t('actions.active', { name })}
            </chakra.label>
          </>
        ) : null}
      </HStack>
      <Text fontSize="xs" color="fg.muted" mb="2">
        {t('dragHint')}
      </Text>
      {/* the drag's live announcements, beside the tree: a tree holds only its items */}
      <AssistiveTreeDescription
        tree={grid}
        getLabel={(dnd) =>
          dnd?.draggedItems?.length
            ? t('dragActive', { name: dnd.draggedItems.map((item) => item.getItemName()).join(', ') })
            : t('dragHint')
        }
      />
      <Box
        {...grid.getContainerProps(t('grid'))}
        position="relative"
        display="grid"
        gridTemplateRows={`repeat(${SUITE_MENU_ROWS}, auto)`}
        gridAutoFlow="column"
        gridAutoColumns="minmax(220px, 1fr)"
        gap="2"
        maxH={SUITE_GRID_HEIGHT}
        overflowX="auto"
        p="2"
        borderWidth="1px"
        borderRadius="md"
        bg="white"
      >
        {grid.getItems().map((item) => (item.getId() === ROOT ? null : <Tile key={item.getId()} item={item} />))}
      </Box>
      {items.length === 0 ? <Text mt="2">{t('empty')}</Text> : null}
    </Box>
  );
}

function Tile({ item }: { item: ItemInstance<SuiteItem> }) {
  const { t } = useTranslation(NS);
  const data = item.getItemData();
  // where a drop would land: a bar before or after this tile
  const bar = 'var(--chakra-colors-brand-main, #1d5fa8)';
  const marker = item.isDragTargetAbove() ? `inset 0 3px 0 0 ${bar}` : item.isDragTargetBelow() ? `inset 0 -3px 0 0 ${bar}` : undefined;
  return (
    <Box
      {...item.getProps()}
      borderWidth="1px"
      boxShadow={marker}
      borderRadius="md"
      p="2"
      cursor="grab"
      bg={item.isFocused() ? 'gray.100' : undefined}
      outlineColor="brand.main"
      opacity={data.isActivate ? 1 : 0.6}
    >
      <Stack gap="1">
        <HStack gap="2">
          <chakra.img src={data.iconName} alt="" h="6" maxW="16" objectFit="contain" />
          <Text as="span" fontWeight="semibold">
            {data.name}
          </Text>
          {!data.isActivate ? <Tag>{t('inactive')}</Tag> : null}
        </HStack>
      </Stack>
    </Box>
  );
}
