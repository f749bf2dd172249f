import { apiErrorMessage } from '@suite/shared';
import { askDialog, showMessage, USER_MESSAGES, USER_EXISTS_CODES, type UserDetail, type UserExistsResult } from '@suite/shared/console';
import { useCallback, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { activateDeletedUser, checkUserExists, type UniqueField } from '../../api/userCard';
import type { UserFormOutput, UserFormValues } from './userForm';

const IN_USE: Record<UniqueField, string> = { userName: USER_MESSAGES.userNameInUse, email: USER_MESSAGES.emailInUse };

export interface UniqueCheckOptions {
  form: UseFormReturn<UserFormValues, unknown, UserFormOutput>;
  /** The edited user's id (its own values are not duplicates); none for a new user. */
  userId: string | undefined;
  /** Texts of the deleted-user dialog, in the page's language. */
  texts: { deletedMatch: string; createNew: string; reactivate: string };
  /** A deleted user was reactivated: the card shows it, in edit mode. */
  onReactivated: (user: UserDetail) => void;
}

/**
 * The duplicate check of the user name and e-mail (docs/product/users.md, Rules): on blur when the value
 * changed, and again before moving on. A10 (in use) is a field error; A20 (used by a deleted
 * user) asks 'Crear nuevo usuario.' (the default: clears the field) or 'Reactivar usuario.'.
 * Answers are remembered per value, because re-validating the form clears the field error.
 */
export function useUniqueCheck({ form, userId, texts, onReactivated }: UniqueCheckOptions) {
  const answers = useRef(new Map<string, UserExistsResult['informationCode']>());
  const lastChecked = useRef<Record<UniqueField, string | undefined>>({ userName: undefined, email: undefined });
  const inFlight = useRef(new Map<string, Promise<boolean>>());
  const latest = useRef({ texts, onReactivated, userId });
  latest.current = { texts, onReactivated, userId };

  const resolveDeleted = useCallback(
    async (field: UniqueField, deleted: UserDetail | undefined) => {
      const { texts: current } = latest.current;
      const outcome = await askDialog({ message: current.deletedMatch, confirmText: current.createNew, cancelText: current.reactivate });
      if (outcome !== 'cancel' || !deleted) {
        form.setValue(field, '', { shouldDirty: true, shouldValidate: true });
        lastChecked.current[field] = '';
        return;
      }
      try {
        const reply = await activateDeletedUser(deleted.id);
        latest.current.onReactivated(reply.user);
        await showMessage({ message: reply.information || USER_MESSAGES.reactivated, autoClose: true });
      } catch (error) {
        await showMessage({ message: apiErrorMessage(error), variant: 'error' });
      }
    },
    [form],
  );

  /** Asks the API (or takes the remembered answer) about one value and applies the outcome. */
  const settle = useCallback(
    async (field: UniqueField, value: string, key: string): Promise<boolean> => {
      let code = answers.current.get(key);
      let deleted: UserDetail | undefined;
      if (code === undefined || code === USER_EXISTS_CODES.deleted) {
        const reply = await checkUserExists(field, value, latest.current.userId);
        code = reply.informationCode;
        deleted = reply.users?.[0];
        answers.current.set(key, code);
      }
      if (form.getValues(field).trim() !== value) return true; // typed on meanwhile: its own blur checks it
      if (code === USER_EXISTS_CODES.inUse) {
        form.setError(field, { type: 'duplicate', message: IN_USE[field] });
        return false;
      }
      if (code === USER_EXISTS_CODES.deleted) {
        await resolveDeleted(field, deleted);
        return false;
      }
      return true;
    },
    [form, resolveDeleted],
  );

  /**
   * Checks one field; resolves true when its value is free (or not checkable yet: empty or
   * invalid, which the field's own rule reports). Throws when the API cannot answer.
   */
  const check = useCallback(
    async (field: UniqueField, { force = false } = {}): Promise<boolean> => {
      const value = form.getValues(field).trim();
      const error = form.getFieldState(field).error;
      if (value === '' || (error && error.type !== 'duplicate')) return true;
      const key = `${field}\u0000${value.toLowerCase()}`;
      // a blur's check still running when the next arrow is pressed: one question, one dialog
      const running = inFlight.current.get(key);
      if (running) return running;
      if (!force && lastChecked.current[field] === value && answers.current.get(key) !== USER_EXISTS_CODES.inUse) return true;
      lastChecked.current[field] = value;
      const done = settle(field, value, key).finally(() => inFlight.current.delete(key));
      inFlight.current.set(key, done);
      return done;
    },
    [form, settle],
  );

  /** On blur: checks when the value changed since the last check; failures wait for the next move. */
  const onBlur = useCallback((field: UniqueField) => void check(field).catch(() => undefined), [check]);

  /** Before moving on: both fields, the remembered answers re-applied. */
  const checkAll = useCallback(async (): Promise<boolean> => {
    const userName = await check('userName', { force: true });
    const email = await check('email', { force: true });
    return userName && email;
  }, [check]);

  /** Forgets the answers; a loaded user's own values need no check until they change. */
  const reset = useCallback((user?: { userName: string; email: string }) => {
    answers.current.clear();
    lastChecked.current = { userName: user?.userName, email: user?.email };
  }, []);

  return { onBlur, checkAll, reset };
}
