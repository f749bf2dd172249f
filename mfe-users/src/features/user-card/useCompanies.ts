import { confirmAction, consoleKeys, loadStateOf, type UserCompanyInput, type CompanyRecord } from '@suite/shared/console';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { fetchCompanies } from '../../api/userCard';
import { belongsToUser, mainCompany, replacesMainCompany, setAssigned, setMainCompany } from './companies';

/** A company as the tab holds it: `member` is the stored membership (the sort uses it). */
export interface CompanyRow extends CompanyRecord {
  member: boolean;
}

const changed = (row: CompanyRow, saved: CompanyRow | undefined) =>
  !saved || saved.principal !== row.principal || saved.assigned !== row.assigned;

const NONE: CompanyRow[] = [];

/**
 * The empresas tab's state (docs/product/users.md, Rules): every company with the user's flags
 * (companies of the user: a change of the user or of the companies reads them again), the changes
 * made, and the save payload.
 */
export function useCompanies(userId: string | undefined, confirmText: string) {
  const query = useQuery({
    queryKey: consoleKeys.of('companies', 'users', userId),
    queryFn: async () => (await fetchCompanies(userId)).map((record): CompanyRow => ({ ...record, member: belongsToUser(record) })),
  });
  const saved = query.data ?? NONE;
  const [rows, setRows] = useState<CompanyRow[]>(saved);
  // every read (the first, and after a save) replaces the tab's rows
  useEffect(() => setRows(saved), [saved]);

  const savedById = useMemo(() => new Map(saved.map((row) => [row.id, row])), [saved]);
  const dirty = useMemo(() => rows.some((row) => changed(row, savedById.get(row.id))), [rows, savedById]);

  /** Marks or unmarks the main company; replacing another main one is confirmed first. */
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
    load: loadStateOf(query),
    dirty,
    hasMain: mainCompany(rows) !== undefined,
    changeMain,
    changeAssigned,
    payload,
    /** Back to the stored flags. */
    discard: useCallback(() => setRows(saved), [saved]),
  };
}

export type CompaniesState = ReturnType<typeof useCompanies>;
