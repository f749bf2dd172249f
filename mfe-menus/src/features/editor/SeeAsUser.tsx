import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { apiErrorMessage, useLocalize } from '@suite/shared';
import { NativeSelect, MENU_LOCATION, type MenuItem, type MenuLocation, type SuiteItem, type UserRow } from '@suite/shared/console';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMenusAsUser, searchUsers } from '../../api/menus';
import { NS } from '../../i18n';
import { MenuPreview } from './MenuPreview';

/**
 * "See as user": the saved menu of this application and location as a chosen user gets it, their
 * privileges applied by the server (GET /api/menu/list with userid).
 */
export function SeeAsUser({ applicationId, location }: { applicationId: number; location: MenuLocation }) {
  const { t } = useTranslation(NS);
  const localized = useLocalize();
  const selectId = useId();
  const [search, setSearch] = useState('');
  const [users, setUsers] = useState<UserRow[]>();
  const [seen, setSeen] = useState<{ user: UserRow; items: unknown[] }>();
  const [problem, setProblem] = useState<string>();

  const find = async () => {
    setProblem(undefined);
    try {
      setUsers(await searchUsers(search.trim()));
    } catch (error) {
      setProblem(apiErrorMessage(error));
    }
  };
  const choose = async (id: string) => {
    const user = users?.find((u) => u.id === id);
    if (!user) return setSeen(undefined);
    try {
      const menus = await fetchMenusAsUser(user.id, applicationId);
      const menu = menus.find((m) => m.idmenulocation === location);
      setSeen({ user, items: menu ? (JSON.parse(menu.menujson) as unknown[]) : [] });
    } catch (error) {
      setProblem(apiErrorMessage(error));
    }
  };

  const title = seen ? t('seeAs.title', { user: seen.user.userName }) : '';
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" minW="56">
      <HStack align="end" gap="2">
        <Field.Root>
          <Field.Label>{t('seeAs.search')}</Field.Label>
          <Input size="sm" value={search} onChange={(e) => setSearch(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && void find()} />
        </Field.Root>
        <Button size="sm" variant="outline" onClick={() => void find()}>
          {t('seeAs.find')}
        </Button>
      </HStack>
      {users ? (
        <Field.Root>
          <Field.Label htmlFor={selectId}>{t('seeAs.user')}</Field.Label>
          <NativeSelect id={selectId} onChange={(e) => void choose(e.target.value)} defaultValue="">
            <option value="">{users.length ? t('seeAs.choose') : t('seeAs.none')}</option>
            {users.map((u) => (
              <option key={u.id} value={u.id}>
                {`${u.userName} — ${u.names} ${u.surnames}`}
              </option>
            ))}
          </NativeSelect>
        </Field.Root>
      ) : null}
      {problem ? <Text color="fg.error">{localized(problem)}</Text> : null}
      {seen && location !== MENU_LOCATION.suite ? <MenuPreview location={location} items={seen.items as MenuItem[]} title={title} /> : null}
      {seen && location === MENU_LOCATION.suite ? (
        <Box as="section" aria-label={title}>
          <Text fontWeight="bold">{title}</Text>
          <Box as="ul" pl="4">
            {(seen.items as SuiteItem[]).map((tile) => (
              <li key={tile.key}>{tile.name}</li>
            ))}
          </Box>
        </Box>
      ) : null}
    </Stack>
  );
}
