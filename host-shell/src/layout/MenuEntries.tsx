import { Box, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import { TargetLink } from './DrawerNav';
import { ItemIcon } from './ItemIcon';
import type { ShownItem } from './shellMenus';

const entryStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '2',
  w: 'full',
  color: 'inherit',
  whiteSpace: 'nowrap',
  _hover: { bg: 'gray.100', textDecoration: 'none' },
  _focusVisible: { bg: 'gray.100', outline: '2px solid', outlineColor: 'brand.main', outlineOffset: '-2px' },
} as const;

/** Items of a popup menu as menu items, children under their parent, indented; an item with nowhere to go is a label. */
export function MenuEntries({ items, depth = 0 }: { items: ShownItem[]; depth?: number }) {
  return (
    <>
      {items.map((item) => (
        <Fragment key={item.key}>
          {item.target ? (
            <TargetLink
              target={item.target}
              role="menuitem"
              {...entryStyle}
              pl={`${12 + depth * 16}px`}
              title={item.description || undefined}
            >
              <ItemIcon name={item.iconName} personalized={item.isPersonalizedIcon} />
              {item.name}
            </TargetLink>
          ) : (
            <Text
              role="presentation"
              display="flex"
              alignItems="center"
              gap="2"
              px="3"
              py="1"
              pl={`${12 + depth * 16}px`}
              fontSize="sm"
              fontWeight="semibold"
              color="fg.muted"
            >
              <ItemIcon name={item.iconName} personalized={item.isPersonalizedIcon} />
              {item.name}
            </Text>
          )}
          {item.children.length ? <MenuEntries items={item.children} depth={depth + 1} /> : null}
        </Fragment>
      ))}
    </>
  );
}

/** A labelled part of a menu (the user menu's application and user sections). */
export function MenuGroup({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box role="group" aria-label={label} _notFirst={{ borderTopWidth: '1px', mt: '1', pt: '1' }}>
      <Text px="3" py="1" fontSize="xs" fontWeight="bold" color="fg.muted" textTransform="uppercase" aria-hidden="true">
        {label}
      </Text>
      {children}
    </Box>
  );
}
