import { Box, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import { LoadingState } from '@suite/shared';
import { ErrorAlert, StateSwitch } from '@suite/shared/console';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EffectiveAccess } from './EffectiveAccess';
import { CARD_NS } from './i18n';
import { applicationLabel, isAssigned } from './roles';
import type { RolesState } from './useRoles';

export interface RolesTabProps {
  roles: RolesState;
  /** An existing user: what they hold now shows under the roles (EffectiveAccess). */
  userId?: string;
  editing: boolean;
  /** Shows '*Se requiere mínimo un rol' (after a refused save); assigning a role clears it. */
  showRequiredError: boolean;
}

const AppButton = chakra('button', {
  base: {
    w: 'full',
    textAlign: 'start',
    px: '3',
    py: '2',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'transparent',
    cursor: 'pointer',
    _hover: { bg: 'gray.50' },
    '&[aria-current=true]': { borderColor: 'brand.main', bg: 'gray.50', fontWeight: 'semibold' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.main', outlineOffset: '1px' },
  },
});

function Failure({ message }: { message: string }) {
  return <ErrorAlert message={message} />;
}

/**
 * The roles tab (docs/product/users.md): applications on the left with their counters, the chosen
 * application's active roles on the right with an assigned switch each and 'assign all'.
 */
export function RolesTab({ roles, userId, editing, showRequiredError }: RolesTabProps) {
  const { t } = useTranslation(CARD_NS);
  const appsHeadingId = useId();
  const rolesHeadingId = useId();

  if (roles.load.status === 'loading') return <LoadingState />;
  if (roles.load.status === 'error') return <Failure message={roles.load.message} />;

  const selected = roles.applications.find((record) => record.appname === roles.selected);
  const names = roles.roles.map((role) => role.name);
  const allAssigned =
    selected !== undefined && names.length > 0 && roles.roles.every((role) => isAssigned(roles.changes, selected.appname, role));

  return (
    <Stack gap="3">
      <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'minmax(200px, 1fr) 2fr' }} gap="4">
        <Box as="section" aria-labelledby={appsHeadingId}>
          <Text id={appsHeadingId} fontWeight="semibold" mb="2">
            {t('roles.applications')}
          </Text>
          <Stack as="ul" gap="1" listStyleType="none">
            {roles.applications.map((record) => {
              const { count, unique } = roles.counters(record);
              return (
                <li key={record.appname}>
                  <AppButton type="button" aria-current={record.appname === roles.selected} onClick={() => roles.select(record.appname)}>
                    {/* the visible text is the button's name: title, then its counters */}
                    <Text as="span" display="block">
                      {applicationLabel(record, roles.applications)}
                    </Text>
                    <Text as="span" display="block" fontSize="xs" color="fg.muted">
                      {t('roles.counters', { count, unique })}
                    </Text>
                  </AppButton>
                </li>
              );
            })}
          </Stack>
        </Box>
        <Box as="section" aria-labelledby={rolesHeadingId}>
          <HStack justify="space-between" mb="2" gap="3" flexWrap="wrap">
            <Text id={rolesHeadingId} fontWeight="semibold">
              {selected ? `${t('roles.roles')} · ${applicationLabel(selected, roles.applications)}` : t('roles.roles')}
            </Text>
            {selected && names.length > 0 ? (
              <HStack gap="2">
                <StateSwitch
                  checked={allAssigned}
                  label={t('roles.assignAll')}
                  disabled={!editing}
                  onChange={(next) => roles.assign(selected.appname, names, next)}
                />
                <Text as="span" fontSize="sm" aria-hidden="true">
                  {t('roles.assignAll')}
                </Text>
              </HStack>
            ) : null}
          </HStack>
          {!selected ? (
            <Text color="fg.muted">{t('roles.chooseApp')}</Text>
          ) : roles.rolesLoad.status === 'loading' ? (
            <LoadingState />
          ) : roles.rolesLoad.status === 'error' ? (
            <Failure message={roles.rolesLoad.message} />
          ) : roles.roles.length === 0 ? (
            <Text color="fg.muted">{t('roles.noRoles')}</Text>
          ) : (
            <Stack as="ul" gap="2" listStyleType="none" maxH="440px" overflowY="auto">
              {roles.roles.map((role) => (
                <HStack as="li" key={role.id} justify="space-between" gap="3" borderBottomWidth="1px" py="2">
                  <Box>
                    <Text>{role.name}</Text>
                    {role.description ? (
                      <Text fontSize="xs" color="fg.muted">
                        {role.description}
                      </Text>
                    ) : null}
                  </Box>
                  <StateSwitch
                    checked={isAssigned(roles.changes, selected.appname, role)}
                    label={t('roles.assignedOf', { name: role.name })}
                    disabled={!editing}
                    onChange={(next) => roles.assign(selected.appname, [role.name], next)}
                  />
                </HStack>
              ))}
            </Stack>
          )}
        </Box>
      </Box>
      {showRequiredError && !roles.holdsAnyRole ? (
        <Text role="alert" color="fg.error" fontSize="sm">
          {t('roles.required')}
        </Text>
      ) : null}
      {userId ? <EffectiveAccess userId={userId} /> : null}
    </Stack>
  );
}
