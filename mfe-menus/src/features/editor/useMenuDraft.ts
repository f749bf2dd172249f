import { useQuery } from '@tanstack/react-query';
import { consoleKeys, useConsoleMutation, type MenuLocation, type MenuRecord } from '@suite/shared/console';
import { useCallback, useState } from 'react';
import { fetchMenu, saveMenu } from '../../api/menus';

/** Edits in progress: the menu as loaded when the first edit was made (its version goes with the save) and the items now. */
interface Draft {
  /** Which menu the edits belong to (application and location). */
  of: string;
  base: MenuRecord;
  items: unknown[];
}

export const menuKey = (application: number | undefined, location: MenuLocation) =>
  consoleKeys.detail('menus', `${application ?? 0}:${location}`);

/**
 * One menu in the editor: the stored one (TanStack Query), the local edits over it, and the save.
 * Edits stay local until saved (docs/product/menus.md, Rules); a failed save — a stale copy included — keeps
 * them on screen. The save sends the version the edits started from, so changes someone else
 * saved meanwhile are never overwritten.
 */
export function useMenuDraft(application: number | undefined, location: MenuLocation) {
  const menu = useQuery({
    queryKey: menuKey(application, location),
    queryFn: () => fetchMenu(application as number, location),
    enabled: application !== undefined,
  });
  const [edits, setDraft] = useState<Draft | null>(null);
  const of = `${application ?? 0}:${location}`;
  // edits of another menu (left without changes, or after a revert) never show here
  const draft = edits?.of === of ? edits : null;
  const stored = menu.data;
  const items: unknown[] = draft?.items ?? (stored ? (JSON.parse(stored.menujson) as unknown[]) : []);
  const dirty = draft !== null && (!stored || JSON.stringify(draft.items) !== JSON.stringify(JSON.parse(draft.base.menujson)));

  const edit = useCallback(
    (next: unknown[]) => {
      if (!stored) return;
      setDraft((current) => ({ of, base: current?.of === of ? current.base : stored, items: next }));
    },
    [stored, of],
  );
  const discard = useCallback(() => setDraft(null), []);

  const mutation = useConsoleMutation({
    run: (d: Draft) => saveMenu(d.base, d.items),
    invalidates: ['menus'],
    success: (reply) => reply.information,
  });
  const save = useCallback(async (): Promise<boolean> => {
    if (!draft) return true;
    const done = await mutation.mutate(draft);
    if (done) setDraft(null);
    return done;
  }, [draft, mutation]);

  return { menu, stored, items, dirty, edit, discard, save, saving: mutation.pending };
}
