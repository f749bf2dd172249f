import { Box, Button, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import { SUITE_MENU_ROWS, type SuiteItem } from '@suite/shared';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { moveInList } from '../editor/menuTree';
import { Tag } from '../common/parts';

/** Height of the suite grid (console spec §9). */
export const SUITE_GRID_HEIGHT = '390px';

/**
 * The suite grid (location 4): tiles in 4 rows, filled column by column as the shell shows them;
 * each tile moves earlier or later, opens its form, switches on or off, or is deleted.
 */
export function SuiteGridView({ items, onChange, onEdit, onDelete }: { items: SuiteItem[]; onChange: (items: SuiteItem[]) => void; onEdit: (item: SuiteItem) => void; onDelete: (item: SuiteItem) => void }) {
  const { t } = useTranslation(NS);
  return (
    <Box
      as="ul"
      aria-label={t('grid')}
      listStyleType="none"
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
      {items.map((item, index) => (
        <Box as="li" key={item.key} borderWidth="1px" borderRadius="md" p="2" opacity={item.isActivate ? 1 : 0.6}>
          <Stack gap="1">
            <HStack gap="2">
              <chakra.img src={item.iconName} alt="" h="6" maxW="16" objectFit="contain" />
              <Text fontWeight="semibold">{item.name}</Text>
              {!item.isActivate ? <Tag>{t('inactive')}</Tag> : null}
            </HStack>
            <HStack gap="1" wrap="wrap">
              <Button size="xs" variant="outline" aria-label={t('actions.up', { name: item.name })} disabled={index === 0} onClick={() => onChange(moveInList(items, index, -1) ?? items)}>
                ↑
              </Button>
              <Button size="xs" variant="outline" aria-label={t('actions.down', { name: item.name })} disabled={index === items.length - 1} onClick={() => onChange(moveInList(items, index, 1) ?? items)}>
                ↓
              </Button>
              <Button size="xs" variant="outline" onClick={() => onEdit(item)}>
                {t('actions.edit', { name: item.name })}
              </Button>
              <Button size="xs" variant="outline" colorPalette="red" onClick={() => onDelete(item)}>
                {t('actions.remove', { name: item.name })}
              </Button>
              <chakra.label display="flex" alignItems="center" gap="1" fontSize="sm">
                <input type="checkbox" checked={item.isActivate} onChange={(e) => onChange(items.map((i) => (i.key === item.key ? { ...i, isActivate: e.target.checked } : i)))} />
                {t('actions.active', { name: item.name })}
              </chakra.label>
            </HStack>
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
