import { type PortalProfile } from '@suite/shared';
import {
  consoleKeys,
  loadStateOf,
  type LoadState,
  ApplicationAppearanceSchema,
  appearanceContrastIssues,
  canonicalJson,
  parseFields,
  profileFromAppearance,
  type AppearanceContrastIssue,
  type ApplicationAppearance,
  type ApplicationAppearanceResult,
} from '@suite/shared/console';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { setAt, type FieldPath } from './appearanceFields';
import { fetchAppearance, saveAppearance } from './appearanceApi';

/** The query key of an application's appearance: part of the application, reloaded with it. */
export const appearanceKey = (id: number) => [...consoleKeys.detail('applications', String(id)), 'appearance'] as const;

export interface AppearanceDraft {
  state: LoadState;
  stored?: ApplicationAppearanceResult;
  /** What the tab shows: the stored appearance with the unsaved edits. */
  draft?: ApplicationAppearance;
  set: (path: FieldPath, value: unknown) => void;
  dirty: boolean;
  /** Each invalid field's first issue, by dot path. */
  errors: Record<string, string>;
  /** The draft as the public screens would show it (the preview's profile). */
  profile?: PortalProfile;
  contrastIssues: AppearanceContrastIssue[];
  /** Valid, readable and changed: a save can go. */
  canSave: boolean;
  /** Sends the draft; resolves the API's message. */
  save: () => Promise<string>;
  discard: () => void;
}

/**
 * The Apariencia tab's state, held by the application card so the card's update button, its
 * unsaved-changes prompt and its discard treat this tab as the others. A new read of the
 * appearance (after a save) starts again from what is stored.
 */
export function useAppearanceDraft(applicationId: number | undefined): AppearanceDraft {
  const query = useQuery({
    queryKey: appearanceKey(applicationId ?? 0),
    queryFn: () => fetchAppearance(applicationId as number),
    enabled: applicationId !== undefined,
  });
  const stored = query.data;
  const [edited, setEdited] = useState<{ of: number; value: ApplicationAppearance } | null>(null);
  const draft = edited && edited.of === query.dataUpdatedAt ? edited.value : stored?.appearance;

  const parsed = useMemo(() => (draft ? parseFields(ApplicationAppearanceSchema, draft) : undefined), [draft]);
  const profile = useMemo(() => (stored && draft ? profileFromAppearance(stored.name, stored.title, draft) : undefined), [stored, draft]);
  const contrastIssues = useMemo(() => (profile ? appearanceContrastIssues(profile) : []), [profile]);
  const dirty = Boolean(stored && draft && canonicalJson(draft) !== canonicalJson(stored.appearance));

  return {
    state: applicationId === undefined ? { status: 'ready' } : loadStateOf(query),
    stored,
    draft,
    set: (path, value) => draft && setEdited({ of: query.dataUpdatedAt, value: setAt(draft, path, value) }),
    dirty,
    errors: parsed?.errors ?? {},
    profile,
    contrastIssues,
    canSave: dirty && parsed?.success === true && contrastIssues.length === 0,
    save: async () => {
      if (!stored || !parsed?.success) throw new Error('invalid appearance');
      return (await saveAppearance(stored.id, parsed.output)).information;
    },
    discard: () => setEdited(null),
  };
}
