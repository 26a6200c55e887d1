import { ButtonLink } from '../../platform/ui/Button.tsx';
import { formatYen } from '../../platform/ui/format.ts';
import { Card, PageFrame, Prose } from '../../platform/ui/Page.tsx';
import { styled } from '../../platform/styles/stitches.config.ts';
import { STANDARD_REWARD } from '../../../contracts/pricing.ts';

const Points = styled('ul', {
  listStyle: 'none',
  margin: '0 0 $5',
  padding: 0,
  display: 'grid',
  gap: '$3',
  '@md': { gridTemplateColumns: 'repeat(3, 1fr)' },
  '& li': { padding: '$4', borderRadius: '$lg', backgroundColor: '$secondaryPale' },
  '& h2': { fontSize: '$h4', color: '$secondaryText', margin: '0 0 $2' },
  '& p': { margin: 0, fontSize: '$small' },
});
const Ctas = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$3', justifyContent: 'center' });

/** Seed spec section 1 and 2: how to use Focustar, for advertisers. */
export default function IntroductionAdvertiserPage() {
  return (
    <PageFrame
      title="広告主の方へ"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '広告主の方へ' }]}
      lead="お店のいちばんの宣伝は、お店を好きなお客さまの言葉です。Focustarは、そのひと言をSNSに届けるお手伝いをします。"
    >
      <Points>
        <li>
          <h2>ファンの言葉で届く</h2>
          <p>
            実際に通うお客さまが、自分のアカウントで紹介します。広告らしくない、信頼される口コミになります。
          </p>
        </li>
        <li>
          <h2>少額から始められる</h2>
          <p>
            1投稿{formatYen(STANDARD_REWARD)}
            から。初期費用も月額費用もかかりません。承認した投稿の分だけのお支払いです。
          </p>
        </li>
        <li>
          <h2>ルールを守って安心</h2>
          <p>すべての投稿に「#PR」が入り、ステルスマーケティング規制に沿った形で運用できます。</p>
        </li>
      </Points>
      <Prose>
        <h2>ご利用の流れ</h2>
        <ol>
          <li>
            <strong>アカウント作成</strong>：まず個人アカウントを無料で作成します。
          </li>
          <li>
            <strong>会社・お店の登録と審査</strong>
            ：会社情報とお店の情報を登録します。審査は通常2〜3営業日です。
          </li>
          <li>
            <strong>拡散依頼の作成</strong>：紹介してほしい内容、写真、ハッシュタグ、件数、期間を決めます。
          </li>
          <li>
            <strong>フォーカスターが投稿</strong>
            ：お店のファンと、近くのフォーカスターに依頼が届き、投稿されます。
          </li>
          <li>
            <strong>投稿を確認して承認</strong>
            ：内容とアクセス数を確認して承認します。7日間確認がない投稿は自動で承認されます。
          </li>
        </ol>
        <h2>ファンを増やす仕組み</h2>
        <p>
          店頭に置けるQRコード付きのPOPをご用意しています。お客さまがQRコードから登録すると、自動であなたのお店のファンになり、次の拡散依頼が届くようになります。
        </p>
        <h2>モニター募集</h2>
        <p>
          新メニューや新サービスを体験してもらい、感想を投稿してもらうモニター募集も行えます。応募者の中から当選者を選べます。
        </p>
      </Prose>
      <Card as="div" css={{ textAlign: 'center' }}>
        <h2>まずは無料のアカウント作成から</h2>
        <Ctas>
          <ButtonLink href="/register" size="lg">
            アカウントを作成する
          </ButtonLink>
          <ButtonLink href="/price" variant="outline" size="lg">
            料金を見る
          </ButtonLink>
          <ButtonLink href="/faq-advertiser" variant="ghost" size="lg">
            よくある質問
          </ButtonLink>
        </Ctas>
      </Card>
    </PageFrame>
  );
}
