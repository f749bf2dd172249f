import { chakra } from '@chakra-ui/react';
import type { AuditEntry } from '@suite/shared/console';
import { useTranslation } from 'react-i18next';
import { AUDIT_NS } from './i18n';

/** An entity looked up: one plain word, nothing i18next would read as a namespace or a nesting. */
const ENTITY = /^[\w-]+$/;

/**
 * What an entry is about, as the list and the detail show it: the kind of record in the page's
 * language and its name ('Usuario · admin'), with its id beneath in small monospace (what the
 * Objetivo filter and the search take). A record without a name (or no longer there) shows its kind
 * over its id; an entity the console has no word for is shown as it is.
 */
export function TargetText({ entry }: { entry: Pick<AuditEntry, 'entity' | 'entityId' | 'targetName'> }) {
  const { t } = useTranslation(AUDIT_NS);
  if (!entry.entity && !entry.entityId) return <>{t('none')}</>;
  const kind = ENTITY.test(entry.entity) ? t(`entities.${entry.entity}`, { defaultValue: entry.entity }) : entry.entity;
  return (
    <>
      <chakra.span display="block">{entry.targetName ? `${kind} · ${entry.targetName}` : kind}</chakra.span>
      {entry.entityId ? (
        <chakra.code display="block" fontFamily="mono" fontSize="xs" color="fg.muted" wordBreak="break-all">
          {entry.entityId}
        </chakra.code>
      ) : null}
    </>
  );
}
