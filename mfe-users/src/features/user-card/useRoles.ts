import { apiErrorMessage, type AppRoleCountRecord, type RoleRecord, type UserRoleInput } from '@suite/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { fetchApplicationRoleCounts, fetchApplicationRoles } from '../../api/userCard';
import { assignRoles, hasRoleChanges, initialApplication, holdsAnyRole, roleCounters, rolesPayload, visibleRoles, type RoleChanges } from './roles';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };

/**
 * The roles tab's state (console spec §2, §4): applications with counters, the roles of the ones
 * opened so far, the switches changed, and the save payload.
 */
export function useRoles(userId: string | undefined) {
  const [applications, setApplications] = useState<AppRoleCountRecord[]>([]);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [selected, setSelected] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<ReadonlyMap<string, RoleRecord[]>>(new Map());
  const [rolesLoad, setRolesLoad] = useState<Load>({ status: 'ready' });
  const [changes, setChanges] = useState<RoleChanges>(new Map());
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    fetchApplicationRoleCounts(userId)
      .then((records) => {
        if (!live) return;
        setApplications(records);
        setLoaded(new Map());
        setChanges(new Map());
        setSelected((current) => (current && records.some((record) => record.appname === current) ? current : initialApplication(records)));
        setLoad({ status: 'ready' });
      })
      .catch((error: unknown) => live && setLoad({ status: 'error', message: apiErrorMessage(error) }));
    return () => {
      live = false;
    };
  }, [userId, generation]);

  // the roles of the application shown, read once per card
  useEffect(() => {
    if (!selected || loaded.has(selected)) return undefined;
    let live = true;
    setRolesLoad({ status: 'loading' });
    fetchApplicationRoles(selected, userId)
      .then((records) => {
        if (!live) return;
        setLoaded((current) => new Map(current).set(selected, records));
        setRolesLoad({ status: 'ready' });
      })
      .catch((error: unknown) => live && setRolesLoad({ status: 'error', message: apiErrorMessage(error) }));
    return () => {
      live = false;
    };
  }, [selected, loaded, userId]);

  const assign = useCallback((application: string, names: readonly string[], assigned: boolean) => {
    setChanges((current) => assignRoles(current, application, names, assigned));
  }, []);

  const counters = useCallback((record: AppRoleCountRecord) => roleCounters(record, loaded.get(record.appname), changes), [loaded, changes]);

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
        .map(async (application) => complete.set(application, await fetchApplicationRoles(application, userId))),
    );
    return rolesPayload(needed, complete, changes);
  }, [applications, changes, loaded, userId]);

  return {
    applications,
    load,
    selected,
    select: setSelected,
    roles: selected ? visibleRoles(loaded.get(selected) ?? []) : [],
    rolesLoad,
    changes,
    assign,
    counters,
    holdsAnyRole: useMemo(() => holdsAnyRole(applications, loaded, changes), [applications, loaded, changes]),
    dirty: useMemo(() => hasRoleChanges(loaded, changes), [loaded, changes]),
    payload,
    discard: useCallback(() => setChanges(new Map()), []),
    /** Reads the counters and roles again (after saving). */
    reload: useCallback(() => setGeneration((value) => value + 1), []),
  };
}

export type RolesState = ReturnType<typeof useRoles>;
