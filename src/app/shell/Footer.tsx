import { Link } from 'wouter';
import { styled } from '../../platform/styles/stitches.config.ts';

/** Seed spec section 9: the footer is 343 px high on small screens and 196 px from md, so it never shifts. */
const Bar = styled('footer', {
  height: '$footerSmall',
  overflow: 'hidden',
  backgroundColor: '$gray900',
  color: '$white',
  padding: '$5 $4',
  '@md': { height: '$footerWide', padding: '$5 $6' },
  '& a': { color: '$white', textDecoration: 'none' },
  '& a:hover': { textDecoration: 'underline' },
});
const Inner = styled('div', {
  maxWidth: '1240px',
  marginInline: 'auto',
  display: 'grid',
  gap: '$4',
  '@md': { gridTemplateColumns: '1fr 2fr', alignItems: 'start' },
});
const Brand = styled('div', {
  fontWeight: 800,
  fontSize: '20px',
  '& p': { fontSize: '$tiny', fontWeight: 400, margin: '$1 0 0', color: '#e6e6e6' },
});
const Links = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  columnGap: '$4',
  fontSize: '$small',
  '& li': { minHeight: '32px', display: 'flex', alignItems: 'center' },
  '@md': { gridTemplateColumns: 'repeat(3, auto)' },
});
const Copy = styled('p', { fontSize: '$tiny', color: '#d9d9d9', margin: '$3 0 0' });

export const FOOTER_LINKS = [
  { href: '/introduction-advertiser', label: '広告主の方へ' },
  { href: '/price', label: '料金' },
  { href: '/faq-focustar', label: 'よくある質問（フォーカスター向け）' },
  { href: '/faq-advertiser', label: 'よくある質問（広告主向け）' },
  { href: '/terms', label: '利用規約' },
  { href: '/privacy-policy', label: 'プライバシーポリシー' },
  { href: '/tokushoho', label: '特定商取引法に基づく表記' },
  { href: '/contact', label: 'お問い合わせ' },
] as const;

export function Footer() {
  return (
    <Bar>
      <Inner>
        <Brand>
          Focustar
          <p>好きなお店を、SNSで応援しよう。</p>
        </Brand>
        <nav aria-label="フッターメニュー">
          <Links>
            {FOOTER_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href}>{l.label}</Link>
              </li>
            ))}
          </Links>
        </nav>
      </Inner>
      <Copy>© 2026 Focustar</Copy>
    </Bar>
  );
}
