import { ApiError, apiErrorMessage } from '@suite/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { confirmAction, showMessage } from '../dialogs/consoleDialogs';
import { invalidateEntities, type ConsoleEntity } from './keys';

export interface ConsoleMutationOptions<Vars, Result> {
  /** The API call. */
  run: (vars: Vars) => Promise<Result>;
  /** Entities the change affects: every query of them (in any section) reloads. */
  invalidates: readonly ConsoleEntity[];
  /** The section's question, asked first (ConfirmDialog); omitted: no question (e.g. DataTable already asked). */
  confirm?: string | ((vars: Vars) => string);
  /** The section's message after success (MessageDialog); the server's text can be picked from `result`. */
  success?: string | ((result: Result, vars: Vars) => string);
  /** The success message closes by itself (1.5 s). */
  autoClose?: boolean;
  /**
   * Also show a 403's message. Off by default: the API client already shows the privileges
   * dialog for a 403.
   */
  showForbidden?: boolean;
}

export interface ConsoleMutation<Vars> {
  /** Asks (when `confirm`), runs, reloads what it affects and shows the outcome; resolves whether it was done. */
  mutate: (vars: Vars) => Promise<boolean>;
  /** The call is under way. */
  pending: boolean;
}

/**
 * A console change (TanStack Query mutation on the host's client): the section's question, the call,
 * the reload of every query of the entities it affects (useServerPage lists, cards, other
 * sections' data of them: consoleKeys) and the section's message, or the failure's in an Error dialog.
 */
export function useConsoleMutation<Vars = void, Result = unknown>({
  run,
  invalidates,
  confirm,
  success,
  autoClose,
  showForbidden = false,
}: ConsoleMutationOptions<Vars, Result>): ConsoleMutation<Vars> {
  const client = useQueryClient();
  const mutation = useMutation<Result, unknown, Vars>({
    mutationFn: (vars) => run(vars),
    // reloads what is on screen without waiting for it: the message shows at once
    onSuccess: () => void invalidateEntities(client, invalidates),
  });
  const { mutateAsync } = mutation;

  const mutate = useCallback(
    async (vars: Vars): Promise<boolean> => {
      const question = typeof confirm === 'function' ? confirm(vars) : confirm;
      if (question !== undefined && !(await confirmAction({ message: question }))) return false;
      let result: Result;
      try {
        result = await mutateAsync(vars);
      } catch (error) {
        if (showForbidden || !(error instanceof ApiError && error.status === 403)) {
          await showMessage({ message: apiErrorMessage(error), variant: 'error' });
        }
        return false;
      }
      const message = typeof success === 'function' ? success(result, vars) : success;
      if (message) await showMessage({ message, autoClose });
      return true;
    },
    [confirm, mutateAsync, showForbidden, success, autoClose],
  );

  return { mutate, pending: mutation.isPending };
}
