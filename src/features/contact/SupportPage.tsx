import { Link } from 'wouter';
import { MY_CONTACT_STATUS_TEXT, type MyContact } from '../../../contracts/contact.ts';
import { useResource } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { ButtonLink } from '../../platform/ui/Button.tsx';
import { formatDate } from '../../platform/ui/format.ts';
import { Card, PageFrame } from '../../platform/ui/Page.tsx';
import { listMyContacts } from './api/list-my-contacts.ts';

const Ways = styled('ul', {
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: '$3',
  '@md': { gridTemplateColumns: '1fr 1fr' },
  '& li': { display: 'flex', flexDirection: 'column', gap: '$1' },
  '& p': { margin: 0, fontSize: '$small', color: '$gray700' },
});
const Messages = styled('ol', { listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '$3' });
const Message = styled('li', {
  padding: '$3 $4',
  border: '1px solid $gray200',
  borderRadius: '$md',
  '& p': { margin: '$1 0 0', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: '$small' },
});
const Head = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$2', alignItems: 'baseline' });
const State = styled('span', {
  padding: '2px $2',
  borderRadius: '$pill',
  fontSize: '$tiny',
  fontWeight: 700,
  variants: {
    status: {
      未対応: { backgroundColor: '$orangePale', color: '$gray900' },
      対応中: { backgroundColor: '$secondaryPale', color: '$gray900' },
      完了: { backgroundColor: '$gray100', color: '$gray700' },
    },
  },
});
const Muted = styled('span', { fontSize: '$tiny', color: '$muted' });

function MyMessages() {
  const res = useResource((signal) => listMyContacts(signal), 'mine');
  if (res.state === 'loading') return <p role="status">読み込んでいます…</p>;
  if (res.state === 'failed') return <p role="alert">{res.error.message}</p>;
  if (res.data.items.length === 0)
    return <p>まだお問い合わせはありません。送ったお問い合わせと、その対応状況がここに表示されます。</p>;
  return (
    <Messages aria-label="これまでのお問い合わせ">
      {res.data.items.map((m: MyContact) => (
        <Message key={m.id}>
          <Head>
            <strong>{m.topic}</strong>
            <State status={m.status}>{MY_CONTACT_STATUS_TEXT[m.status]}</State>
            <Muted>
              {formatDate(m.created_at)}送信・お問い合わせ番号 {m.id}
            </Muted>
          </Head>
          <p>{m.body}</p>
        </Message>
      ))}
    </Messages>
  );
}

/** Seed spec section 2: サポートのご案内. Issue 25 (10): the ways to get help and one's own messages. */
export default function SupportPage() {
  return (
    <PageFrame
      title="サポートのご案内"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: 'サポートのご案内' }]}
      lead="Focustarを使っていて困ったときの窓口です。"
    >
      <Card aria-labelledby="support-ways">
        <h2 id="support-ways">困ったときは</h2>
        <Ways>
          <li>
            <Link href="/faq-focustar">よくある質問（フォーカスター向け）</Link>
            <p>報酬の受け取り方、投稿のルールなど。</p>
          </li>
          <li>
            <Link href="/faq-advertiser">よくある質問（広告主向け）</Link>
            <p>拡散依頼の料金や流れなど。</p>
          </li>
          <li>
            <Link href="/beginner">安心・安全ガイド</Link>
            <p>はじめての方へ。安心して使うためのポイント。</p>
          </li>
          <li>
            <Link href="/advertising-rules">拡散のルール</Link>
            <p>投稿に「#PR」を入れるなど、守っていただくこと。</p>
          </li>
        </Ways>
      </Card>
      <Card aria-labelledby="support-contact">
        <h2 id="support-contact">運営へのお問い合わせ</h2>
        <p>
          解決しないときは、お問い合わせフォームからご連絡ください。お返事は登録のメールアドレスにお送りします。
        </p>
        <ButtonLink href="/contact">お問い合わせフォームへ</ButtonLink>
      </Card>
      <Card aria-labelledby="support-mine">
        <h2 id="support-mine">これまでのお問い合わせ</h2>
        <MyMessages />
      </Card>
    </PageFrame>
  );
}
