/**
 * The rule that lets two releases run side by side during a rolling restart
 * (docs/adr/0034-expand-then-contract-migrations.md): a migration of the coming release only
 * expands the schema — what the previous release reads and writes keeps working — and removes or
 * narrows only what the code stopped using in a release already out.
 */

/** Statements the previous release may break on: removing, renaming, retyping or narrowing. */
const CONTRACTING: [RegExp, string][] = [
  [/\bdrop\s+(table|view|materialized\s+view|function|type|schema|trigger)\b/i, 'drops an object'],
  [/\bdrop\s+column\b/i, 'drops a column'],
  [/\brename\b/i, 'renames'],
  [/\balter\s+column\s+\S+\s+(set\s+data\s+)?type\b/i, "changes a column's type"],
  [/\balter\s+column\s+\S+\s+set\s+not\s+null\b/i, 'makes a column required'],
  [/\balter\s+column\s+\S+\s+drop\s+default\b/i, "drops a column's default"],
  [/\badd\s+column\b(?![^;]*\bdefault\b)[^;]*\bnot\s+null\b/i, 'adds a required column without a default'],
  [/\bdrop\s+constraint\b/i, 'drops a constraint'],
  [/\badd\s+constraint\b(?![^;]*\bnot\s+valid\b)/i, 'adds a constraint the existing writes may break'],
  [/\bcreate\s+unique\s+index\b/i, 'adds a unique index the existing writes may break'],
  [/\btruncate\b/i, 'empties a table'],
];

/** The mark before a statement that narrows yet cannot touch what the previous release does. */
export const SAFE_MARK = '-- beside the previous release:';
/** The header line of a contract migration: `-- contract: … unused since migration NNNN`. */
const CONTRACT_HEADER = /^--\s*contract:.*\bunused since migration (\d{4,})\b/im;

export interface Finding {
  file: string;
  statement: string;
  why: string;
}

/** Dollar-quoted bodies (functions, DO blocks) hold code, not schema changes: left out. */
function withoutBodies(sql: string): string {
  return sql.replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, "''");
}

/**
 * The statements of a migration new in the coming release that the previous release could break
 * on. `lastReleased` is the number of the last migration of the release out now.
 */
export function contractingStatements(file: string, sql: string, lastReleased: number): Finding[] {
  const header = CONTRACT_HEADER.exec(sql);
  if (header && Number(header[1]) <= lastReleased) return [];
  const findings: Finding[] = [];
  // a table this migration creates is new to the previous release: narrowing it breaks nothing
  const created = new Set([...sql.matchAll(/\bcreate\s+table\s+(?:if\s+not\s+exists\s+)?"?(\w+)"?/gi)].map((m) => m[1].toLowerCase()));
  const target = (statement: string) =>
    /\b(?:on|alter\s+table(?:\s+only)?(?:\s+if\s+exists)?)\s+"?(\w+)"?/i.exec(statement)?.[1]?.toLowerCase();
  for (const raw of withoutBodies(sql).split(';')) {
    const lines = raw.split('\n');
    const safe = lines.some((l) => l.trim().startsWith(SAFE_MARK) && l.trim().length > SAFE_MARK.length + 3);
    const statement = lines
      .filter((l) => !l.trim().startsWith('--'))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (!statement || safe) continue;
    const table = target(statement);
    if (table && created.has(table)) continue;
    const hit = CONTRACTING.find(([pattern]) => pattern.test(statement));
    if (hit) findings.push({ file, statement: statement.slice(0, 160), why: hit[1] });
  }
  return findings;
}
