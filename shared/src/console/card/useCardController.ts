import { ApiError, apiErrorMessage } from '@suite/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { showMessage } from '../dialogs/consoleDialogs';
import { invalidateEntities, type ConsoleEntity } from '../query/keys';
import { useUnsavedChanges, type UnsavedChanges } from '../unsaved/useUnsavedChanges';

/** One tab of a card: whether it holds unsaved changes, how it saves them and how it drops them. */
export interface CardPart {
  dirty: boolean;
  /** Validates and sends the tab's part; resolves whether it was saved (call `card.saved(message)` on success). */
  save: () => Promise<boolean>;
  /** Back to what is stored. */
  discard: () => void;
}

/** A new record, made from every tab at once (e.g. the user card's Guardar on its last tab). */
export interface CardCreation<TabId extends string> {
  /** Validates every tab and creates the record; resolves whether it was created. */
  save: () => Promise<boolean>;
  /** Asked before moving to a later tab (e.g. "moving on needs valid data"); earlier tabs are always open. */
  beforeForward?: (from: TabId, to: TabId) => Promise<boolean> | boolean;
}

export interface CardControllerOptions<TabId extends string> {
  /** The tabs, in order. */
  tabs: readonly TabId[];
  /** Each tab's part (existing records: each tab saves its own part). */
  parts: Record<TabId, CardPart>;
  /** Set for a new record: it starts in edit mode and is saved whole. */
  creation?: CardCreation<TabId>;
  /** Starts in edit mode (e.g. asked by the navigation that opened it). */
  startEditing?: boolean;
  /** Entities a save changes: `saved()` reloads every query of them (this card's, its list's, other sections'). */
  invalidates: readonly ConsoleEntity[];
  /** The unsaved-changes question; the console's own (docs/product/console.md) when omitted. */
  unsavedMessage?: string;
}

export interface CardController<TabId extends string> {
  tab: TabId;
  editing: boolean;
  /** A save is under way (the action button shows it). */
  saving: boolean;
  /** Saves the tab shown (existing) or creates the record (new), with the card busy. */
  saveCurrent: () => Promise<boolean>;
  /** Creates the record, then goes to `thenTo` when given. */
  create: (thenTo?: string) => Promise<boolean>;
  /**
   * After a successful save: reloads what it changed (waiting for what is on screen), then
   * `reloaded` (e.g. drops the changes the reload now shows), leaves edit mode, shows the message.
   */
  saved: (message: string, reloaded?: () => void) => Promise<void>;
  /** Goes to `to` once the render that cleared the changes is in place (the unsaved prompt lets go). */
  leave: (to: string, state?: unknown) => void;
  /** A move to another page is on its way (`leave`). */
  leaving: boolean;
  /** Shows another tab without asking (e.g. the tab whose data a failed creation needs). */
  showTab: (tab: TabId) => void;
  unsaved: UnsavedChanges;
  /** The props TabbedCard takes from the controller. */
  tabbedCard: {
    activeTab: TabId;
    onTabChange: (id: string) => void;
    beforeTabChange: (from: string, to: string) => Promise<boolean>;
    editing: boolean;
    onEditingChange?: (next: boolean) => void;
  };
}

/**
 * One card's wiring (docs/product/console.md, Cards), for the user, privilege, role, application and notification
 * cards: the tab shown and its save/discard, detail and edit mode, the unsaved-changes prompt (tabs,
 * leaving edit mode, links, the browser's back and forward buttons, reloading the page), a save with
 * its failure shown (a 403 has the privileges dialog already), the reload after a save and the move
 * away once it is done.
 */
export function useCardController<TabId extends string>({
  tabs,
  parts,
  creation,
  startEditing = false,
  invalidates,
  unsavedMessage,
}: CardControllerOptions<TabId>): CardController<TabId> {
  const navigate = useNavigate();
  const client = useQueryClient();
  const isNew = creation !== undefined;
  const [tab, setTab] = useState<TabId>(tabs[0]);
  const [editing, setEditing] = useState(isNew || startEditing);
  const [saving, setSaving] = useState(false);
  const [redirect, setRedirect] = useState<{ to: string; state?: unknown } | null>(null);

  // navigating once the render that cleared the changes is in place (the unsaved prompt lets go)
  useEffect(() => {
    if (redirect) void navigate(redirect.to, { replace: redirect.state !== undefined, state: redirect.state });
  }, [redirect, navigate]);

  /** Runs a save with the card busy; a failure is shown; resolves whether it succeeded. */
  const run = useCallback(async (save: () => Promise<boolean>): Promise<boolean> => {
    setSaving(true);
    try {
      return await save();
    } catch (error) {
      // a 403 already has the privileges dialog of the API client
      if (!(error instanceof ApiError && error.status === 403)) await showMessage({ message: apiErrorMessage(error), variant: 'error' });
      return false;
    } finally {
      setSaving(false);
    }
  }, []);

  const saved = useCallback(
    async (message: string, reloaded?: () => void) => {
      await invalidateEntities(client, invalidates);
      reloaded?.();
      setEditing(false);
      await showMessage({ message: message.trim() });
    },
    // the entities are the card's, fixed
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, invalidates.join()],
  );

  const leave = useCallback((to: string, state?: unknown) => setRedirect({ to, state }), []);

  const create = useCallback(
    async (thenTo?: string) => {
      if (!creation) return false;
      const done = await run(creation.save);
      if (done) {
        void invalidateEntities(client, invalidates);
        if (thenTo) leave(thenTo);
      }
      return done;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [creation, run, client, leave, invalidates.join()],
  );

  const saveCurrent = useCallback(() => (isNew ? create() : run(parts[tab].save)), [isNew, create, run, parts, tab]);

  const anyDirty = tabs.some((id) => parts[id].dirty);
  const unsaved = useUnsavedChanges({
    when: isNew ? !redirect && anyDirty : !redirect && editing && parts[tab].dirty,
    message: unsavedMessage,
    onUpdate: saveCurrent,
    onDiscard: () => (isNew ? undefined : parts[tab].discard()),
  });

  const beforeTabChange = async (from: string, to: string): Promise<boolean> => {
    if (!creation) return unsaved.confirmLeave();
    const forward = tabs.indexOf(to as TabId) > tabs.indexOf(from as TabId);
    if (!forward || !creation.beforeForward) return true;
    return creation.beforeForward(from as TabId, to as TabId);
  };

  const changeEditing = async (next: boolean) => {
    if (!next && !(await unsaved.confirmLeave())) return;
    setEditing(next);
  };

  return {
    tab,
    editing,
    saving,
    saveCurrent,
    create,
    saved,
    leave,
    leaving: redirect !== null,
    showTab: setTab,
    unsaved,
    tabbedCard: {
      activeTab: tab,
      onTabChange: (id) => setTab(id as TabId),
      beforeTabChange,
      editing,
      onEditingChange: isNew ? undefined : (next) => void changeEditing(next),
    },
  };
}
