import { Box, Button, Link, Stack, Text } from '@chakra-ui/react';
import { COMMON_NS } from '@suite/shared';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { ItemIcon } from './ItemIcon';
import type { MenuTarget, ShownItem } from './shellMenus';

const rowStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '2',
  borderRadius: 'md',
  color: 'inherit',
  _hover: { bg: 'gray.100', textDecoration: 'none' },
} as const;

/** An item's link: a route of the shell through the router (the current one marked), any other address as a plain link. */
export function TargetLink({ target, children, ...style }: { target: MenuTarget; children: ReactNode } & Record<string, unknown>) {
  if (target.kind === 'route') {
    return (
      <Link asChild {...style}>
        <NavLink to={target.to}>{children}</NavLink>
      </Link>
    );
  }
  return (
    <Link href={target.href} {...style}>
      {children}
    </Link>
  );
}

function DrawerItem({ item, depth }: { item: ShownItem; depth: number }) {
  const { t } = useTranslation(COMMON_NS);
  const [open, setOpen] = useState(true);
  const groupId = useId();
  const label = (
    <>
      <ItemIcon name={item.iconName} personalized={item.isPersonalizedIcon} />
      <Box as="span" flex="1" minW="0">
        {item.name}
      </Box>
    </>
  );
  const indent = { pl: `${12 + depth * 16}px` };
  const hasChildren = item.children.length > 0;
  return (
    <li>
      <Box display="flex" alignItems="center">
        {item.target ? (
          <TargetLink
            target={item.target}
            {...rowStyle}
            {...indent}
            flex="1"
            title={item.description || undefined}
            css={{ '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'bold' } }}
          >
            {label}
          </TargetLink>
        ) : (
          <Button
            variant="ghost"
            {...rowStyle}
            {...indent}
            flex="1"
            h="auto"
            justifyContent="flex-start"
            fontWeight="normal"
            aria-expanded={open}
            aria-controls={groupId}
            onClick={() => setOpen((value) => !value)}
          >
            {label}
          </Button>
        )}
        {hasChildren && item.target ? (
          <Button
            variant="ghost"
            size="xs"
            minW="8"
            aria-label={t('shell.submenu', { name: item.name })}
            aria-expanded={open}
            aria-controls={groupId}
            onClick={() => setOpen((value) => !value)}
          >
            <Box
              as="span"
              aria-hidden="true"
              display="inline-block"
              transform={open ? 'rotate(90deg)' : undefined}
              transition="transform 0.15s"
            >
              ›
            </Box>
          </Button>
        ) : null}
      </Box>
      {hasChildren ? (
        <Stack as="ul" id={groupId} listStyleType="none" gap="1" mt="1" hidden={!open}>
          {item.children.map((child) => (
            <DrawerItem key={child.key} item={child} depth={depth + 1} />
          ))}
        </Stack>
      ) : null}
    </li>
  );
}

/**
 * The side drawer's links (location 1): the menu as the API gave it, nested groups open, the
 * current section marked. While the menu loads, placeholder rows as many as the fallback's hold
 * the place; if it cannot be read, the console sections the user's privileges open, with a note.
 */
export function DrawerNav({
  items,
  state,
  placeholders,
}: {
  items: ShownItem[];
  state: 'loading' | 'ready' | 'failed';
  placeholders: number;
}) {
  const { t } = useTranslation(COMMON_NS);
  if (state === 'loading') {
    return (
      <Stack as="ul" listStyleType="none" gap="1" px="2" flex="1" aria-busy="true" aria-label={t('shell.menuLoading')}>
        {Array.from({ length: placeholders }, (_, i) => (
          <Box as="li" key={i} h="10" borderRadius="md" bg="gray.100" />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="2" flex="1" px="2">
      {state === 'failed' ? (
        <Text role="status" fontSize="xs" color="fg.muted" px="1">
          {t('shell.menuFallback')}
        </Text>
      ) : null}
      <Stack as="ul" listStyleType="none" gap="1">
        {items.map((item) => (
          <DrawerItem key={item.key} item={item} depth={0} />
        ))}
      </Stack>
    </Stack>
  );
}
