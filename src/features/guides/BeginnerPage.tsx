import { Link, useLocation, useSearch } from 'wouter';
import { useAuth } from '../../platform/session/hooks.ts';
import { useRaiseFlag } from '../../platform/session/useRaiseFlag.ts';
import { ButtonLink } from '../../platform/ui/Button.tsx';
import { formatYen } from '../../platform/ui/format.ts';
import { Notice, PageFrame, Prose } from '../../platform/ui/Page.tsx';
import { styled } from '../../platform/styles/stitches.config.ts';
import { STANDARD_REWARD } from '../../../contracts/pricing.ts';
import { PAYOUT_MINIMUM_YEN } from '../../../contracts/money.ts';

type GuideType = 'shop' | 'focustar';

const Tabs = styled('div', {
  display: 'flex',
  gap: '$2',
  marginBottom: '$5',
  borderBottom: '2px solid $gray200',
  '& a': {
    minHeight: '44px',
    display: 'inline-flex',
    alignItems: 'center',
    padding: '0 $4',
    fontWeight: 700,
    textDecoration: 'none',
    color: '$gray700',
    borderBottom: '3px solid transparent',
    marginBottom: '-2px',
  },
  '& a[aria-current="page"]': { color: '$primaryText', borderBottomColor: '$primaryText' },
});

function FocustarGuide() {
  return (
    <Prose>
      <h2>フォーカスターのみなさんへ</h2>
      <p>Focustarを安心して使っていただくために、はじめに知っておいてほしいことをまとめました。</p>
      <h3>1. プロフィールとSNSアカウントを登録する</h3>
      <p>
        プロフィールを保存し、投稿に使うSNSアカウントを登録してください。運営がアカウントを確認（審査）したあと、拡散依頼が届くようになります。
      </p>
      <h3>2. 応援したいお店をお気に入りに登録する</h3>
      <p>お気に入りのお店からの依頼は優先して届きます。お店のページやQRコードから登録できます。</p>
      <h3>3. 依頼を引き受けて投稿する</h3>
      <p>
        依頼文には「#PR」が入っています。消さずに投稿し、投稿のURLを提出してください。承認されると報酬が確定します（基本は1件
        {formatYen(STANDARD_REWARD)}）。
      </p>
      <h3>4. 振込先の口座を登録する</h3>
      <p>
        確定した報酬が{formatYen(PAYOUT_MINIMUM_YEN)}以上になると、翌月15日にお振込みします。
        <Link href="/bank">振込先の口座</Link>
        を登録しておきましょう。
      </p>
      <Notice tone="warn" role="note">
        <strong>こんな連絡には注意してください</strong>
        <br />
        運営やお店を名乗って、お金の振り込みや、パスワード・口座の暗証番号を求めることはありません。不審な連絡はお問い合わせからお知らせください。
      </Notice>
    </Prose>
  );
}

function ShopGuide() {
  return (
    <Prose>
      <h2>お店のみなさんへ</h2>
      <p>はじめての拡散依頼を安心して出していただくためのガイドです。</p>
      <h3>1. お店のプロフィールを整える</h3>
      <p>写真・紹介文・営業時間を登録しましょう。フォーカスターが投稿するときの参考になります。</p>
      <h3>2. ファンを集める</h3>
      <p>
        店頭にQRコード付きPOPを置くと、お客さまがお店のファンとして登録してくれます。
        <Link href="/material">販促素材</Link>からダウンロードできます。
      </p>
      <h3>3. はじめての拡散依頼</h3>
      <p>
        はじめての方は、10件・基本報酬でシステム利用料が無料の「
        <Link href="/first-advertising">はじめての拡散依頼</Link>」がおすすめです。
      </p>
      <h3>4. 投稿を確認して承認する</h3>
      <p>
        届いた投稿を確認し、依頼内容に沿っていれば承認してください。7日間確認がない場合は自動で承認されます。
      </p>
      <Notice tone="warn" role="note">
        <strong>ステルスマーケティングにならないために</strong>
        <br />
        依頼文の「#PR」は削除できません。「#PR」を外すよう頼んだり、良い評価だけを書くよう求めたりしないでください。
        <Link href="/advertising-rules">拡散のルール</Link>もご確認ください。
      </Notice>
      <p>
        <ButtonLink href="/ad?step=1">拡散依頼を作成する</ButtonLink>
      </p>
    </Prose>
  );
}

/**
 * Seed spec section 2: the safety guide, `type=shop` or `type=focustar` (default: the current mode). Each tab
 * is that side's rules: showing it raises watchedAdvertiserRule or watchedFocustarRule (issue 25 (12), ADR 0170).
 */
export default function BeginnerPage() {
  const search = useSearch();
  const [location] = useLocation();
  const { role } = useAuth();
  const q = new URLSearchParams(search).get('type');
  const type: GuideType = q === 'shop' || q === 'focustar' ? q : role === 'shop' ? 'shop' : 'focustar';
  useRaiseFlag(type === 'shop' ? 'watchedAdvertiserRule' : 'watchedFocustarRule');
  return (
    <PageFrame
      title="安心・安全ガイド"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '安心・安全ガイド' }]}
    >
      <Tabs role="navigation" aria-label="ガイドの種類">
        <Link href={`${location}?type=focustar`} aria-current={type === 'focustar' ? 'page' : undefined}>
          フォーカスター向け
        </Link>
        <Link href={`${location}?type=shop`} aria-current={type === 'shop' ? 'page' : undefined}>
          お店向け
        </Link>
      </Tabs>
      {type === 'shop' ? <ShopGuide /> : <FocustarGuide />}
    </PageFrame>
  );
}
