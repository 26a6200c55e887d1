import { Link } from 'wouter';
import { useAuth } from '../../platform/session/hooks.ts';
import { useRaiseFlag } from '../../platform/session/useRaiseFlag.ts';
import { Notice, PageFrame, Prose } from '../../platform/ui/Page.tsx';

/**
 * The posting rules, led by the disclosure rule: since 2023-10-01 Japan's Act against Unjustifiable
 * Premiums and Misleading Representations treats undisclosed advertising (stealth marketing) as a
 * misleading representation, so every requested post shows `#PR` (product design section 3). Shown in
 * advertiser mode it raises watchedAdvertiserRule, else watchedFocustarRule (issue 25 (12), ADR 0170).
 */
export default function AdvertisingRulesPage() {
  const { role } = useAuth();
  useRaiseFlag(role === 'shop' ? 'watchedAdvertiserRule' : 'watchedFocustarRule');
  return (
    <PageFrame
      title="拡散のルール"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '拡散のルール' }]}
      lead="フォーカスターとお店が安心して使えるように、投稿のルールを定めています。拡散依頼に参加する前に必ずお読みください。"
    >
      <Notice tone="danger" role="note">
        <strong>報酬を受け取る投稿には、必ず「#PR」を入れてください。</strong>
        <br />
        2023年10月1日から、広告であることを隠した宣伝（ステルスマーケティング）は景品表示法の不当表示として規制されています。「#PR」は依頼文にあらかじめ入っており、消すことはできません。
      </Notice>
      <Prose>
        <h2>1. 広告であることを表示する</h2>
        <ul>
          <li>
            「#PR」は投稿の本文の、見てすぐわかる位置に入れてください（大量のハッシュタグに埋もれさせない）。
          </li>
          <li>動画や画像だけの投稿でも、キャプションに「#PR」を入れてください。</li>
          <li>「#PR」を消した、または見えにくくした投稿は承認されません。</li>
        </ul>
        <h2>2. 自分の言葉で、正直に</h2>
        <ul>
          <li>実際に利用した感想を、自分の言葉で書いてください。</li>
          <li>
            事実と違うこと、効果を大げさに言うこと（「必ず痩せる」「日本一」など根拠のない表現）は書かないでください。
          </li>
          <li>利用していない商品やサービスについて、使ったかのように書くことはできません。</li>
        </ul>
        <h2>3. してはいけないこと</h2>
        <ul>
          <li>他のお店やお客さまを悪く言う投稿</li>
          <li>他人が写った写真を本人の許可なく載せること、他人が撮った写真の無断使用</li>
          <li>同じ内容を複数のアカウントで投稿すること、自分で作った複数アカウントでの参加</li>
          <li>投稿後、掲載期間中に投稿を削除・非公開にすること</li>
        </ul>
        <h2>4. お店の方へ</h2>
        <ul>
          <li>感想の内容を指示したり、良い評価だけを書くよう求めたりすることはできません。</li>
          <li>
            医薬品・健康食品・化粧品などは、薬機法や景品表示法で使えない表現があります。依頼文をご確認ください。
          </li>
          <li>ルールに反する依頼は、運営の審査で差し戻すことがあります。</li>
        </ul>
        <h2>5. ルールに違反した場合</h2>
        <p>
          投稿の差し戻し、報酬のお支払い停止、アカウントの利用停止を行うことがあります。詳しくは
          <Link href="/terms">利用規約</Link>をご覧ください。
        </p>
      </Prose>
    </PageFrame>
  );
}
