import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { AUDIT_ACTION_LABELS, AUDIT_MESSAGES, type AuditEntry } from '../../../contracts/audit.ts';
import { useResource } from '../../platform/request/hooks.ts';
import { useAuth } from '../../platform/session/hooks.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { formatDateTime } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { styled } from '../../platform/styles/stitches.config.ts';
import { listAuditLog } from './api/list-audit-log.ts';

const List = styled('ol', { listStyle: 'none', padding: 0, margin: 0 });
const Changes = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '$1 $3',
  margin: '$2 0 0',
  fontSize: '$small',
  '& dd': { margin: 0, overflowWrap: 'anywhere' },
});
const show = (v: unknown) =>
  v === null || v === undefined ? '（なし）' : typeof v === 'string' ? v : JSON.stringify(v);
const ROLE_LABELS: Record<string, string> = { admin: '管理者', staff: 'スタッフ' };

/**
 * Issue 24 "The staff audit log": who changed what, newest first. `?target=table:id` is one record's history
 * (履歴), linked from the staff screens; `?action=` one kind of change; `?actor_id=` one person's changes.
 */
export default function AdminAuditLogPage() {
  const { isAdmin } = useAuth();
  const search = new URLSearchParams(useSearch());
  const query = {
    ...(search.get('target') ? { target: search.get('target')! } : {}),
    ...(search.get('action') ? { action: search.get('action')! } : {}),
    ...(search.get('actor_id') ? { actor_id: search.get('actor_id')! } : {}),
  };
  const [pages, setPages] = useState<number[]>([]);
  const key = `${JSON.stringify(query)}:${pages.join(',')}`;
  const first = useResource(isAdmin ? (signal) => listAuditLog(query, signal) : null, isAdmin ? key : null);
  const filtered = Object.keys(query).length > 0;
  return (
    <PageFrame
      title="監査ログ"
      breadcrumbs={[{ label: '管理メニュー', href: '/admin-menu' }, { label: '監査ログ' }]}
      lead="運営スタッフと管理者が行った変更を、新しい順に表示します。記録は変更と同時に書かれ、あとから消したり直したりできません。"
    >
      {!isAdmin ? (
        <Notice tone="info">{AUDIT_MESSAGES.adminOnly}</Notice>
      ) : first.state === 'loading' ? (
        <PageLoading />
      ) : first.state === 'failed' ? (
        <Notice tone="danger">{first.error.message}</Notice>
      ) : (
        <>
          {filtered && (
            <p>
              {query.target
                ? `対象 ${query.target} の履歴`
                : query.action
                  ? `操作「${AUDIT_ACTION_LABELS[query.action] ?? query.action}」`
                  : '一人の変更'}
              を表示しています。<Link href="/admin-audit-log">すべて表示する</Link>
            </p>
          )}
          {first.data.items.length === 0 ? (
            <EmptyState title="記録はまだありません" />
          ) : (
            <List aria-label="監査ログ">
              {first.data.items.map((e) => (
                <li key={e.id}>
                  <Entry entry={e} />
                </li>
              ))}
            </List>
          )}
          {first.data.next_before && (
            <OlderPages
              query={query}
              before={first.data.next_before}
              onMore={(b) => setPages((p) => [...p, b])}
            />
          )}
        </>
      )}
    </PageFrame>
  );
}

function OlderPages({
  query,
  before,
  onMore,
}: {
  query: Record<string, string>;
  before: number;
  onMore: (b: number) => void;
}) {
  const older = useResource(
    (signal) => listAuditLog({ ...query, before: String(before) }, signal),
    `${JSON.stringify(query)}:${before}`,
  );
  if (older.state !== 'done') return older.state === 'loading' ? <PageLoading /> : null;
  return (
    <>
      <List aria-label="さらに前の監査ログ">
        {older.data.items.map((e) => (
          <li key={e.id}>
            <Entry entry={e} />
          </li>
        ))}
      </List>
      {older.data.next_before && (
        <Button variant="outline" onClick={() => onMore(older.data.next_before!)}>
          さらに前の記録を表示する
        </Button>
      )}
    </>
  );
}

function Entry({ entry }: { entry: AuditEntry }) {
  const changes = Object.entries(entry.changes);
  const target = `${entry.target_table}:${entry.target_id}`;
  return (
    <Card aria-label={`記録 ${entry.id}`}>
      <p>
        <strong>{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</strong>・
        {formatDateTime(entry.created_at)}
      </p>
      <p>
        {entry.actor.name}（{ROLE_LABELS[entry.actor_role] ?? entry.actor_role}）・対象{' '}
        <Link href={`/admin-audit-log?target=${encodeURIComponent(target)}`}>{target}</Link>
      </p>
      {changes.length > 0 && (
        <Changes>
          {changes.map(([field, c]) => (
            <div key={field} style={{ display: 'contents' }}>
              <dt>{field}</dt>
              <dd>
                {show(c.before)} → {show(c.after)}
              </dd>
            </div>
          ))}
        </Changes>
      )}
      {entry.note && <p>メモ：{entry.note}</p>}
    </Card>
  );
}
