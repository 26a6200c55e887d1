import { Link } from 'wouter';
import { useAuth } from '../session/hooks.ts';

/**
 * Issue 24 "The staff audit log": each staff screen of a record links to that record's history on
 * `/admin-audit-log`. Only admins read the log, so only admins see the link.
 */
export function HistoryLink({ table, id }: { table: string; id: number | string }) {
  const { isAdmin } = useAuth();
  if (!isAdmin) return null;
  return (
    <Link
      href={`/admin-audit-log?target=${encodeURIComponent(`${table}:${id}`)}`}
      aria-label={`${table}:${id} の変更履歴`}
      style={{ fontSize: '0.85em', marginLeft: '0.5em' }}
    >
      履歴
    </Link>
  );
}
