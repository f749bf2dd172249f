import { Box } from '@chakra-ui/react';
import { COMMON_NS } from '@suite/shared';
import { useTranslation } from 'react-i18next';
import { TargetLink } from './DrawerNav';
import { ItemIcon } from './ItemIcon';
import { MenuEntries } from './MenuEntries';
import { PopupMenu } from './PopupMenu';
import type { ShownItem } from './shellMenus';

const topStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '2',
  py: '1',
  borderRadius: 'md',
  color: 'white',
  _hover: { bg: 'whiteAlpha.300', textDecoration: 'none' },
} as const;

/**
 * The top bar's menu (location 2): its items side by side; an item with children opens them as a
 * menu. Nothing is drawn while it loads or when the application has none.
 */
export function TopMenu({ items }: { items: ShownItem[] }) {
  const { t } = useTranslation(COMMON_NS);
  if (!items.length) return null;
  return (
    <Box as="nav" aria-label={t('shell.topNav')}>
      <Box as="ul" listStyleType="none" display="flex" alignItems="center" gap="1">
        {items.map((item) => (
          <li key={item.key}>
            {item.children.length ? (
              <Box display="flex" alignItems="center">
                {item.target ? (
                  <TargetLink target={item.target} {...topStyle}>
                    <ItemIcon name={item.iconName} personalized={item.isPersonalizedIcon} />
                    {item.name}
                  </TargetLink>
                ) : null}
                <PopupMenu
                  align="start"
                  label={item.target ? t('shell.submenu', { name: item.name }) : item.name}
                  icon={
                    item.target ? (
                      <span aria-hidden="true">▾</span>
                    ) : (
                      <ItemIcon name={item.iconName || 'menu'} personalized={item.isPersonalizedIcon} />
                    )
                  }
                >
                  {() => <MenuEntries items={item.children} />}
                </PopupMenu>
              </Box>
            ) : item.target ? (
              <TargetLink target={item.target} {...topStyle} title={item.description || undefined}>
                <ItemIcon name={item.iconName} personalized={item.isPersonalizedIcon} />
                {item.name}
              </TargetLink>
            ) : null}
          </li>
        ))}
      </Box>
    </Box>
  );
}
