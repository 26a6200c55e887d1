import { Link } from 'wouter';
import { type FaqEntry, FaqGroup } from '../../platform/ui/Faq.tsx';
import { formatYen } from '../../platform/ui/format.ts';
import { PageFrame } from '../../platform/ui/Page.tsx';
import {
  FIRST_AD_UNITS,
  PLATFORM_FEE_PERCENT,
  STANDARD_REWARD,
  TAX_PERCENT,
} from '../../../contracts/pricing.ts';

const START: FaqEntry[] = [
  {
    q: 'どんなお店が使えますか？',
    a: '飲食店、美容室、雑貨店、宿泊施設など、実店舗やサービスをお持ちの方ならどなたでもご利用いただけます。掲載前に会社・お店の審査があります。',
  },
  {
    q: '始めるまでに何が必要ですか？',
    a: 'まず個人アカウントを作成し、会社とお店の情報を登録します。審査が完了すると拡散依頼を作成できるようになります。通常2〜3営業日で審査が完了します。',
  },
  {
    q: '誰が投稿してくれますか？',
    a: 'あなたのお店をお気に入りに登録しているフォーカスター（ファン）を優先し、次にお店と同じ都道府県の審査済みフォーカスターに依頼が届きます。',
  },
];
const PRICE: FaqEntry[] = [
  {
    q: '料金はいくらかかりますか？',
    a: (
      <>
        フォーカスターへの報酬（基本は1投稿{formatYen(STANDARD_REWARD)}
        ）と、報酬の{PLATFORM_FEE_PERCENT}%のシステム利用料に、消費税（{TAX_PERCENT}%）がかかります。詳しくは
        <Link href="/price">ご利用料金</Link>をご覧ください。
      </>
    ),
  },
  {
    q: '承認しなかった投稿にも費用はかかりますか？',
    a: 'かかりません。承認した投稿の分だけ報酬とシステム利用料をいただきます。集まらなかった件数分は請求しません。',
  },
  {
    q: 'はじめてでも試しやすいプランはありますか？',
    a: `はじめての拡散依頼に限り、${FIRST_AD_UNITS}件・基本報酬（1件${formatYen(STANDARD_REWARD)}）でシステム利用料が無料になる「はじめての拡散依頼」をご利用いただけます（1店舗1回まで）。`,
  },
  {
    q: '支払い方法は？',
    a: 'クレジットカードまたは請求書払い（銀行振込）に対応しています。カード番号はFocustarのサーバーには保存されません。',
  },
];
const RULES: FaqEntry[] = [
  {
    q: 'ステルスマーケティングになりませんか？',
    a: (
      <>
        すべての依頼投稿には「#PR」の表記が自動で入り、削除できません。2023年10月1日施行のステルスマーケティング規制（景品表示法）に沿って運用しています。
        <Link href="/advertising-rules">拡散のルール</Link>もご確認ください。
      </>
    ),
  },
  {
    q: '投稿内容を指定できますか？',
    a: '紹介してほしいポイント、写真、ハッシュタグを指定できます。ただし、感想はフォーカスター自身の言葉で書いていただきます。事実と異なる内容や過度な表現はお願いできません。',
  },
  {
    q: 'モニター募集とは何ですか？',
    a: '商品やサービスを無料または特別価格で体験してもらい、その感想を投稿してもらう仕組みです。応募者の中から当選者を選べます。',
  },
];

export default function FaqAdvertiserPage() {
  return (
    <PageFrame
      title="よくある質問（広告主向け）"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: 'よくある質問（広告主向け）' }]}
      lead="料金や依頼の流れについて、お店の方からよくいただく質問をまとめました。"
    >
      <FaqGroup title="はじめに" entries={START} />
      <FaqGroup title="料金とお支払い" entries={PRICE} />
      <FaqGroup title="依頼内容とルール" entries={RULES} />
      <p>
        そのほかのご質問は、ログイン後の<Link href="/contact">お問い合わせ</Link>からお気軽にどうぞ。
      </p>
    </PageFrame>
  );
}
