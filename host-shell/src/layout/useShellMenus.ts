import { getRuntimeConfig } from '@suite/shared';
import { useEffect, useState } from 'react';
import { LOADING_MENUS, fetchShellMenus, type ShellMenus } from './shellMenus';

/**
 * Read once per page load, user and application: moving between sections keeps the menus drawn
 * (no second loading state), and what an administrator saves shows on the next load.
 */
const loaded = new Map<string, Promise<ShellMenus>>();

export function useShellMenus(userId: string | undefined): ShellMenus {
  const key = userId ? `${userId}\n${getRuntimeConfig().appName}` : '';
  const [menus, setMenus] = useState<{ key: string; value: ShellMenus }>({ key: '', value: LOADING_MENUS });
  useEffect(() => {
    if (!key) return;
    let current = true;
    let pending = loaded.get(key);
    if (!pending) {
      pending = fetchShellMenus();
      loaded.set(key, pending);
    }
    void pending.then((value) => {
      // a failed location is asked again on the next mount rather than kept failed for the page's life
      if (Object.values(value).some((location) => location.status === 'failed')) loaded.delete(key);
      if (current) setMenus({ key, value });
    });
    return () => {
      current = false;
    };
  }, [key]);
  return menus.key === key ? menus.value : LOADING_MENUS;
}

/** Forgets the menus read (tests; a new sign-in reads its own by key anyway). */
export function forgetShellMenus(): void {
  loaded.clear();
}
