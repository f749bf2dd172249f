import { consoleKeys, loadStateOf, type UserRoleInput, type AppRoleCountRecord, type RoleRecord } from '@suite/shared/console';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { fetchApplicationRoleCounts, fetchApplicationRoles } from '../../api/userCard';
import {
  assignRoles,
  hasRoleChanges,
  initialApplication,
  holdsAnyRole,
  roleCounters,
  rolesPayload,
  visibleRoles,
  type RoleChanges,
} from './roles';

const NO_APPLICATIONS: AppRoleCountRecord[] = [];

/**
 * Keys of what the roles tab reads: roles of one user (consoleKeys.of), so a change of roles (the
 * roles section) or of the user (this card) reads them again; the counters show applications too.
 */
export const userRolesKeys = {
  counts: (userId: string | undefined) => consoleKeys.of('roles', 'users', userId, 'counts'),
  application: (userId: string | undefined, application: string) => consoleKeys.of('roles', 'users', userId, 'application', application),
};

/**
 * The roles tab's state (docs/product/users.md): applications with counters, the roles of the ones
 * opened so far, the switches changed, and the save payload.
 */
export function useRoles(userId: string | undefined) {
  const client = useQueryClient();
  const counts = useQuery({
    queryKey: userRolesKeys.counts(userId),
    queryFn: () => fetchApplicationRoleCounts(userId),
    meta: { shows: ['applications'] },
  });
  const applications = counts.data ?? NO_APPLICATIONS;
  const [selected, setSelected] = useState<string | null>(null);
  // the applications opened so far: their roles are read (once per card, again after a change)
  const [opened, setOpened] = useState<readonly string[]>([]);
  const [changes, setChanges] = useState<RoleChanges>(new Map());

  // every read of the counters keeps the application shown when it is still there
  useEffect(() => {
    if (!counts.data) return;
    const records = counts.data;
    setSelected((current) => (current && records.some((record) => record.appname === current) ? current : initialApplication(records)));
  }, [counts.data]);
  useEffect(() => {
    if (selected) setOpened((current) => (current.includes(selected) ? current : [...current, selected]));
  }, [selected]);

  const reading = selected && !opened.includes(selected) ? [...opened, selected] : opened;
  const roleQueries = useQueries({
    queries: reading.map((application) => ({
      queryKey: userRolesKeys.application(userId, application),
      queryFn: () => fetchApplicationRoles(application, userId),
    })),
  });
  // one map per set of answers, so the callbacks and memos below change only when the roles do
  const answers = roleQueries.map((query) => query.data);
  // a dependency list of fixed length (React requires it): each answer is known by when it arrived
  const answered = roleQueries.map((query) => query.dataUpdatedAt).join(',');
  const loaded: ReadonlyMap<string, RoleRecord[]> = useMemo(
    () => new Map(reading.flatMap((application, index) => (answers[index] ? [[application, answers[index]] as const] : []))),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the applications read and when their answers came
    [reading.join('\n'), answered],
  );
  const selectedQuery = selected ? roleQueries[reading.indexOf(selected)] : undefined;

  const assign = useCallback((application: string, names: readonly string[], assigned: boolean) => {
    setChanges((current) => assignRoles(current, application, names, assigned));
  }, []);

  const counters = useCallback(
    (record: AppRoleCountRecord) => roleCounters(record, loaded.get(record.appname), changes),
    [loaded, changes],
  );

  /**
   * The `roles` list of the save body. It covers every application where the user holds roles or
   * a switch was changed, reading the roles of those not opened yet, so the list is complete
   * whether the API replaces the user's roles or applies each flag.
   */
  const payload = useCallback(async (): Promise<UserRoleInput[]> => {
    const needed = applications
      .filter((record) => record.rolequantityUnique > 0 || changes.has(record.appname))
      .map((record) => record.appname);
    const complete = new Map(loaded);
    await Promise.all(
      needed
        .filter((application) => !complete.has(application))
        .map(async (application) =>
          complete.set(
            application,
            await client.fetchQuery({
              queryKey: userRolesKeys.application(userId, application),
              queryFn: () => fetchApplicationRoles(application, userId),
            }),
          ),
        ),
    );
    return rolesPayload(needed, complete, changes);
  }, [applications, changes, loaded, userId, client]);

  return {
    applications,
    load: loadStateOf(counts),
    selected,
    select: setSelected,
    roles: selected ? visibleRoles(loaded.get(selected) ?? []) : [],
    rolesLoad: selectedQuery ? loadStateOf(selectedQuery) : ({ status: 'ready' } as const),
    changes,
    assign,
    counters,
    holdsAnyRole: useMemo(() => holdsAnyRole(applications, loaded, changes), [applications, loaded, changes]),
    dirty: useMemo(() => hasRoleChanges(loaded, changes), [loaded, changes]),
    payload,
    /** Drops the switches changed (discarded, or saved: the roles are read again). */
    discard: useCallback(() => setChanges(new Map()), []),
  };
}

export type RolesState = ReturnType<typeof useRoles>;
