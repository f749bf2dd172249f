import { Box, Text } from '@chakra-ui/react';
import { COMMON_NS } from '@suite/shared';
import { SUITE_MENU_ROWS, useStaggeredEntrance, type SuiteItem } from '@suite/shared/console';
import { useTranslation } from 'react-i18next';
import { TargetLink } from './DrawerNav';
import { PopupMenu } from './PopupMenu';
import type { MenuTarget } from './shellMenus';

function GridIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" fill="currentColor">
      {[4, 12, 20].flatMap((cx) => [4, 12, 20].map((cy) => <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="2.2" />))}
    </svg>
  );
}

/**
 * The suite grid (location 4), opened from the top bar: a tile per sibling application in 4 rows,
 * filled column by column, with its light logo, or its dark one where the system asks for dark.
 * A tile opens the application's address (a route of this shell stays inside it).
 */
export function SuiteGrid({ tiles }: { tiles: (SuiteItem & { target: MenuTarget })[] }) {
  const { t } = useTranslation(COMMON_NS);
  if (!tiles.length) return null;
  return (
    <PopupMenu label={t('shell.suiteGrid')} icon={<GridIcon />} role="dialog" width="auto">
      {() => <SuiteTiles tiles={tiles} />}
    </PopupMenu>
  );
}

/** The grid's tiles, entering one after another as the grid opens, in the order they are read. */
function SuiteTiles({ tiles }: { tiles: (SuiteItem & { target: MenuTarget })[] }) {
  const listRef = useStaggeredEntrance<HTMLUListElement>('li');
  return (
    <Box
      ref={listRef}
      as="ul"
      listStyleType="none"
      display="grid"
      gridTemplateRows={`repeat(${Math.min(SUITE_MENU_ROWS, tiles.length)}, auto)`}
      gridAutoFlow="column"
      gridAutoColumns="9rem"
      gap="1"
      p="2"
      css={{ '@media (prefers-color-scheme: dark)': { background: 'var(--chakra-colors-gray-900)', color: 'white' } }}
    >
      {tiles.map((tile) => (
        <li key={tile.key}>
          <TargetLink
            target={tile.target}
            display="flex"
            flexDirection="column"
            alignItems="center"
            gap="1"
            p="2"
            h="full"
            borderRadius="md"
            color="inherit"
            textAlign="center"
            title={tile.description || undefined}
            _hover={{ bg: 'gray.100', textDecoration: 'none' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.main' }}
          >
            <picture>
              <source srcSet={tile.iconNameDark} media="(prefers-color-scheme: dark)" />
              <img src={tile.iconName} alt="" style={{ height: 32, maxWidth: 112, objectFit: 'contain' }} />
            </picture>
            <Text as="span" fontSize="sm" lineClamp={2}>
              {tile.name}
            </Text>
          </TargetLink>
        </li>
      ))}
    </Box>
  );
}
