import { Link, useSearch } from 'wouter';
import { useAuth } from '../../app/hooks.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { Card, Notice, PageFrame } from '../../components/Page.tsx';
import { styled } from '../../styles/stitches.config.ts';

export const AD_STEPS = ['依頼内容', '配信先', '期間', '確認・お支払い'] as const;

const Stepper = styled('ol', {
  display: 'flex',
  listStyle: 'none',
  margin: '0 0 $5',
  padding: 0,
  gap: '$1',
  '& li': {
    flex: 1,
    padding: '$2',
    borderRadius: '$sm',
    textAlign: 'center',
    fontSize: '$tiny',
    fontWeight: 700,
    backgroundColor: '$gray100',
    color: '$gray700',
  },
  '& li[aria-current="step"]': { backgroundColor: '$primaryText', color: '$white' },
});

const STEP_HELP = [
  '紹介してほしい内容（280文字まで、「#PR」を含む）、ハッシュタグ、写真（4枚まで）、リンク先を入力します。',
  '投稿してほしいSNSと件数を選びます。お店のファンを優先し、次にお店と同じ都道府県のフォーカスターに届きます。',
  '掲載の開始日と終了日を決めます。終了後、依頼のページは「掲載終了」になります。',
  '内容と金額（報酬＋システム利用料30%＋消費税）を確認して、依頼を確定します。',
];

/** Product design section 3: the request wizard at /ad?step=1..4 (seed spec section 2: step=1). */
export default function AdPage() {
  const search = useSearch();
  const { shop, companyAvailable, isStaff, shopUnderReview } = useAuth();
  const raw = Number(new URLSearchParams(search).get('step') ?? '1');
  const step = Number.isInteger(raw) && raw >= 1 && raw <= AD_STEPS.length ? raw : 1;
  const usable = (shop && companyAvailable) || isStaff;
  return (
    <PageFrame
      title="拡散を依頼する"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '拡散を依頼する' }]}
      lead="お店の魅力を、ファンのSNSで広めてもらいましょう。"
    >
      <Stepper aria-label="依頼作成の手順">
        {AD_STEPS.map((label, i) => (
          <li key={label} aria-current={i + 1 === step ? 'step' : undefined}>
            {i + 1}. {label}
          </li>
        ))}
      </Stepper>
      {!usable ? (
        <Notice role="note">
          拡散依頼を作成するには、広告主モードでショップを選択してください。会社の審査が完了している必要があります。{' '}
          <Link href="/">ショップを選択する</Link>
        </Notice>
      ) : shopUnderReview ? (
        <Notice role="note">{shop?.status}</Notice>
      ) : (
        <Card>
          <h2>
            ステップ{step}：{AD_STEPS[step - 1]}
          </h2>
          <p>{STEP_HELP[step - 1]}</p>
          <Notice tone="info">
            はじめての方は、システム利用料が無料の<Link href="/first-advertising">はじめての拡散依頼</Link>
            がおすすめです。
          </Notice>
          <ButtonLink href="/advertising-rules" variant="ghost">
            拡散のルールを確認する
          </ButtonLink>
        </Card>
      )}
    </PageFrame>
  );
}
