import { Link } from 'wouter';
import { type FaqEntry, FaqGroup } from '../../platform/ui/Faq.tsx';
import { formatYen } from '../../platform/ui/format.ts';
import { PageFrame } from '../../platform/ui/Page.tsx';
import { STANDARD_REWARD } from '../../../contracts/pricing.ts';
import { PAYOUT_MINIMUM_YEN } from '../../../contracts/money.ts';

const START: FaqEntry[] = [
  {
    q: 'フォーカスターとは何ですか？',
    a: '好きなお店をSNSで応援する人のことです。お店から届く「拡散依頼」を引き受けて投稿すると、報酬（報酬）を受け取れます。',
  },
  {
    q: '登録にお金はかかりますか？',
    a: '登録も利用も無料です。フォーカスターが費用を負担することはありません。',
  },
  {
    q: 'フォロワーが少なくても参加できますか？',
    a: 'はい。Focustarは「いつも通っているお客さまの声」を大切にしています。フォロワー数よりも、お店への愛着と正直な感想が大事です。',
  },
  {
    q: 'どのSNSで投稿できますか？',
    a: 'X、Instagram、TikTok、LINE VOOMに対応しています。拡散依頼ごとに投稿先のSNSが決まっています。',
  },
];
const REWARD: FaqEntry[] = [
  {
    q: '報酬はいくらですか？',
    a: `基本は1投稿あたり${formatYen(STANDARD_REWARD)}です。お店によってはそれ以上の報酬を設定している依頼もあります。報酬はお店が投稿を承認した時点で確定します。`,
  },
  {
    q: '報酬はいつ受け取れますか？',
    a: `毎月末に締め、確定した報酬が${formatYen(PAYOUT_MINIMUM_YEN)}以上あれば翌月15日に登録口座へお振込みします。${formatYen(PAYOUT_MINIMUM_YEN)}に満たない場合は翌月以降に繰り越されます。振込手数料はかかりません。`,
  },
  {
    q: '投稿が承認されないことはありますか？',
    a: '依頼内容と違う投稿や、「#PR」の表記がない投稿は差し戻されます。理由が表示されるので、1回まで修正して再提出できます。お店が7日間判断しなかった投稿は自動で承認されます。',
  },
];
const RULES: FaqEntry[] = [
  {
    q: 'なぜ「#PR」を付ける必要があるのですか？',
    a: (
      <>
        2023年10月1日から、広告であることを隠した宣伝（ステルスマーケティング）は景品表示法で禁止されています。報酬を受け取る投稿は広告にあたるため、必ず「#PR」を付けてください。詳しくは
        <Link href="/advertising-rules">拡散のルール</Link>をご覧ください。
      </>
    ),
  },
  {
    q: '投稿をあとから消してもいいですか？',
    a: '依頼ごとに決められた掲載期間中は削除しないでください。期間が終わったあとは自由に削除していただいてかまいません。',
  },
  {
    q: '退会するとどうなりますか？',
    a: 'アカウント情報は匿名化されます。お振込み前の報酬がある場合は、退会前にお問い合わせください。',
  },
];

export default function FaqFocustarPage() {
  return (
    <PageFrame
      title="よくある質問（フォーカスター向け）"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: 'よくある質問（フォーカスター向け）' }]}
      lead="報酬の受け取り方や投稿のルールについて、よくいただく質問をまとめました。"
    >
      <FaqGroup title="はじめに" entries={START} />
      <FaqGroup title="報酬とお振込み" entries={REWARD} />
      <FaqGroup title="投稿のルール" entries={RULES} />
      <p>
        解決しない場合は、ログイン後の<Link href="/contact">お問い合わせ</Link>からご連絡ください。
      </p>
    </PageFrame>
  );
}
