import { useState } from 'react';
import { useResource } from '../../platform/request/hooks.ts';
import { ButtonLink } from '../../platform/ui/Button.tsx';
import { formatYen } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { getRewards } from './api/get-rewards.ts';
import { ADVERTISEMENTS_HEADS } from './heads.ts';
import { listUnits } from './api/list-units.ts';
import { List, Row } from './parts.tsx';
import { UnitCard } from './UnitCard.tsx';

/** The supporter's side of /advertisements: their rewards, then the offers and posts. */
export function SupporterUnits() {
  const [version, setVersion] = useState(0);
  const units = useResource((signal) => listUnits({}, signal), `units:${version}`);
  const rewards = useResource((signal) => getRewards(signal), `rewards:${version}`);
  const refresh = () => setVersion((v) => v + 1);
  return (
    <PageFrame {...ADVERTISEMENTS_HEADS.focustar}>
      {/* Issue 29: the card and the list come in together, so neither pushes the other down (CLS). */}
      {units.state !== 'loading' && rewards.state === 'done' && (
        <Card aria-label="報酬">
          <Row>
            <span>
              報酬（確定） <strong>{formatYen(rewards.data.balance)}</strong>
            </span>
            <span>確定待ち {formatYen(rewards.data.holding)}</span>
            <span>確認待ち {formatYen(rewards.data.pending)}</span>
          </Row>
        </Card>
      )}
      {units.state === 'loading' || rewards.state === 'loading' ? (
        <PageLoading />
      ) : units.state === 'failed' ? (
        <Notice tone="danger">{units.error.message}</Notice>
      ) : units.data.items.length === 0 ? (
        <EmptyState
          title="拡散依頼はまだ届いていません"
          action={<ButtonLink href="/favorites?type=follow">お気に入りのお店を探す</ButtonLink>}
        >
          お気に入りのお店を登録し、SNSアカウントの審査が完了すると、拡散依頼が届くようになります。
        </EmptyState>
      ) : (
        <List aria-label="届いた拡散依頼">
          {units.data.items.map((u) => (
            <li key={u.id}>
              <UnitCard unit={u} onChange={refresh} />
            </li>
          ))}
        </List>
      )}
    </PageFrame>
  );
}
