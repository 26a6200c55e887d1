import { Link } from 'wouter';
import { useResource } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { ButtonLink } from '../../platform/ui/Button.tsx';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { EmptyState, PageFrame } from '../../platform/ui/Page.tsx';
import { MessageView } from '../../platform/ui/StatusViews.tsx';
import { getEntries } from './api/get-entries.ts';
import { formatDate, StatusBadge } from './common.tsx';

const List = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '& li': { marginBottom: '$3' },
  '& a': {
    display: 'block',
    padding: '$4',
    borderRadius: '$lg',
    backgroundColor: '$white',
    boxShadow: '$card',
    color: '$gray900',
    textDecoration: 'none',
  },
  '& h2': { fontSize: '$h4', margin: '$1 0' },
  '& p': { margin: 0, fontSize: '$small', color: '$gray700' },
});

/** Seed spec section 2 / issue 15: the user's entries with their status. */
export default function EntriesPage() {
  const res = useResource((signal) => getEntries(undefined, signal), 'entries');
  return (
    <PageFrame
      title="応募状況"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '応募状況' }]}
      lead="モニター募集への応募と、その状況です。当選したら、お店への来店と投稿に進みます。"
    >
      {res.state === 'loading' ? (
        <PageLoading label="応募を読み込んでいます…" />
      ) : res.state === 'failed' ? (
        <MessageView title="応募状況を読み込めませんでした">{res.error.message}</MessageView>
      ) : res.data.items.length === 0 ? (
        <EmptyState
          title="まだ応募はありません"
          action={<ButtonLink href="/recruitments">モニター募集を探す</ButtonLink>}
        >
          気になるお店のモニター募集に応募してみましょう。
        </EmptyState>
      ) : (
        <List>
          {res.data.items.map((e) => (
            <li key={e.id}>
              <Link href={`/entries/${e.id}`} aria-label={`${e.recruitment.title}（${e.status}）`}>
                <StatusBadge status={e.status} />
                <h2>{e.recruitment.title}</h2>
                <p>
                  {e.recruitment.shop_name}・特典：{e.recruitment.benefit}・応募日：{formatDate(e.created_at)}
                </p>
              </Link>
            </li>
          ))}
        </List>
      )}
    </PageFrame>
  );
}
