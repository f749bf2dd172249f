import { apiErrorMessage, type CompanyRecord, type UserCompanyInput } from '@suite/shared';
import { confirmAction } from '@suite/shared/console';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { fetchCompanies } from '../../api/userCard';
import { belongsToUser, mainCompany, replacesMainCompany, setAssigned, setMainCompany } from './companies';

/** A company as the tab holds it: `member` is the stored membership (the sort uses it). */
export interface CompanyRow extends CompanyRecord {
  member: boolean;
}

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };

const changed = (row: CompanyRow, saved: CompanyRow | undefined) => !saved || saved.principal !== row.principal || saved.assigned !== row.assigned;

/**
 * The empresas tab's state (console spec §4 "Customers"): every company with the user's flags,
 * the changes made, and the save payload.
 */
export function useCompanies(userId: string | undefined, confirmText: string) {
  const [saved, setSaved] = useState<CompanyRow[]>([]);
  const [rows, setRows] = useState<CompanyRow[]>([]);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    fetchCompanies(userId)
      .then((records) => {
        if (!live) return;
        const loaded = records.map((record) => ({ ...record, member: belongsToUser(record) }));
        setSaved(loaded);
        setRows(loaded);
        setLoad({ status: 'ready' });
      })
      .catch((error: unknown) => live && setLoad({ status: 'error', message: apiErrorMessage(error) }));
    return () => {
      live = false;
    };
  }, [userId, generation]);

  const savedById = useMemo(() => new Map(saved.map((row) => [row.id, row])), [saved]);
  const dirty = useMemo(() => rows.some((row) => changed(row, savedById.get(row.id))), [rows, savedById]);

  /** Marks or unmarks the main company; replacing another main one is confirmed first (spec §4). */
  const changeMain = useCallback(
    async (id: string, principal: boolean) => {
      if (principal && replacesMainCompany(rows, id) && !(await confirmAction({ message: confirmText }))) return;
      setRows((current) => setMainCompany(current, id, principal));
    },
    [rows, confirmText],
  );

  const changeAssigned = useCallback((id: string, assigned: boolean) => setRows((current) => setAssigned(current, id, assigned)), []);

  /**
   * The `customer` list of the save body: the user's companies plus every changed row, so the
   * companies taken away go as not assigned.
   */
  const payload = useCallback(
    (): UserCompanyInput[] =>
      rows
        .filter((row) => belongsToUser(row) || changed(row, savedById.get(row.id)))
        .map(({ id, name, principal, assigned }) => ({ id, name, principal, assigned })),
    [rows, savedById],
  );

  return {
    rows,
    load,
    dirty,
    hasMain: mainCompany(rows) !== undefined,
    changeMain,
    changeAssigned,
    payload,
    /** Back to the stored flags. */
    discard: useCallback(() => setRows(saved), [saved]),
    /** Reads the companies again (after saving). */
    reload: useCallback(() => setGeneration((value) => value + 1), []),
  };
}

export type CompaniesState = ReturnType<typeof useCompanies>;
