import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { MenuIcon } from '@suite/shared/menu-icon';
import { MENU_LOCATION, MENU_SECTION, menuForPrivileges, privilegeList, type MenuItem, type MenuLocation } from '@suite/shared/console';

/** Every privilege any item names: the preview shows what a user holding all of them gets. */
function allPrivileges(items: readonly MenuItem[]): Set<string> {
  const names = new Set<string>();
  const walk = (list: readonly MenuItem[]) =>
    list.forEach((item) => (privilegeList(item.privilege).forEach((p) => names.add(p)), walk(item.children)));
  walk(items);
  return names;
}

function Items({ items, horizontal = false }: { items: MenuItem[]; horizontal?: boolean }) {
  return (
    <Box
      as="ul"
      listStyleType="none"
      display="flex"
      flexDirection={horizontal ? 'row' : 'column'}
      gap={horizontal ? '4' : '1'}
      pl={horizontal ? '0' : '3'}
    >
      {items.map((item) => (
        <li key={item.key}>
          <Box display="flex" alignItems="center" gap="2" fontSize="sm">
            <MenuIcon name={item.iconName} personalized={item.isPersonalizedIcon} size={16} />
            <span>{item.name}</span>
          </Box>
          {item.children.length ? <Items items={item.children} /> : null}
        </li>
      ))}
    </Box>
  );
}

/**
 * A live preview of the menu being edited, as the shell would draw it: inactive items (and what
 * is under them) left out, the user menu split into its application and user parts.
 */
export function MenuPreview({ location, items, title }: { location: MenuLocation; items: MenuItem[]; title?: string }) {
  const { t } = useTranslation(NS);
  const heading = title ?? t('preview');
  const shown = menuForPrivileges(items, allPrivileges(items));
  return (
    <Box as="section" aria-label={heading} borderWidth="1px" borderRadius="md" p="3" bg="gray.50" minW="56">
      <Heading as="h2" size="sm" mb="2">
        {heading}
      </Heading>
      {shown.length === 0 ? (
        <Text fontSize="sm">{t('empty')}</Text>
      ) : location === MENU_LOCATION.user ? (
        <Stack gap="2">
          {[MENU_SECTION.application, MENU_SECTION.user].map((section) => (
            <Box key={section}>
              <Text fontSize="xs" fontWeight="bold" color="fg.muted">
                {t(`sections.${section}`)}
              </Text>
              <Items items={shown.filter((item) => item.section === section)} />
            </Box>
          ))}
        </Stack>
      ) : (
        <Items items={shown} horizontal={location === MENU_LOCATION.top} />
      )}
    </Box>
  );
}
