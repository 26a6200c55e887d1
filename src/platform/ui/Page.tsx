import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Crumb, ScreenHead } from '../routing.ts';
import { styled } from '../styles/stitches.config.ts';
import { PageLoading } from './LoadingOverlay.tsx';
import { Illustration } from './Illustration.tsx';
import { phrased } from './Phrase.tsx';

/** Content width: seed spec section 9, clamp 320 to 1240 px. */
export const Container = styled('div', {
  width: '$content',
  minWidth: '320px',
  maxWidth: '1240px',
  marginInline: 'auto',
  px: '$4',
  '@md': { px: '$5' },
  variants: { narrow: { true: { maxWidth: '720px' } } },
});

export type { Crumb } from '../routing.ts';

const CrumbList = styled('ol', {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$1',
  margin: '0 0 $3',
  padding: 0,
  listStyle: 'none',
  fontSize: '$tiny',
  color: '$muted',
  '& li:not(:last-child)::after': { content: '"›"', marginLeft: '$1', color: '$gray600' },
});

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="パンくずリスト">
      <CrumbList>
        {items.map((c, i) => (
          <li key={c.label}>
            {c.href && i < items.length - 1 ? (
              <Link href={c.href}>{c.label}</Link>
            ) : (
              <span aria-current="page">{c.label}</span>
            )}
          </li>
        ))}
      </CrumbList>
    </nav>
  );
}

const Head = styled('div', { paddingTop: '$5', paddingBottom: '$4' });
const Lead = styled('p', { color: '$gray700', margin: 0 });

/**
 * The frame every screen shares: breadcrumbs, the one h1 of the page and a lead sentence. Screens whose
 * business content comes later still render this frame and their empty state, never a blank page.
 */
export function PageFrame({
  title,
  lead,
  breadcrumbs,
  narrow,
  children,
}: {
  title: string;
  lead?: ReactNode;
  breadcrumbs?: Crumb[];
  narrow?: boolean;
  children?: ReactNode;
}) {
  return (
    <Container narrow={narrow}>
      <Head>
        {breadcrumbs && <Breadcrumbs items={breadcrumbs} />}
        <h1>{phrased(title)}</h1>
        {lead && <Lead>{lead}</Lead>}
      </Head>
      <div>{children}</div>
    </Container>
  );
}

/**
 * What a screen shows before it can draw itself (signing back in, its chunk loading): its head when the
 * route declares one (ADR 0211), above the start-up spinner; else the spinner alone.
 */
export function PendingPage({ head }: { head?: ScreenHead | undefined }) {
  return head ? (
    <PageFrame {...head}>
      <PageLoading />
    </PageFrame>
  ) : (
    <PageLoading />
  );
}

export const Card = styled('section', {
  backgroundColor: '$white',
  border: '1px solid $gray200',
  borderRadius: '$lg',
  boxShadow: '$card',
  padding: '$5 $4',
  marginBottom: '$5',
  '@md': { padding: '$5 $6' },
});

const EmptyBox = styled('div', {
  textAlign: 'center',
  padding: '$7 $4',
  border: '1px solid $gray200',
  borderRadius: '$lg',
  background: 'linear-gradient(180deg, $primaryPale, $white 70%)',
  color: '$gray700',
  marginBottom: '$5',
  '& h2': { fontSize: '$h4', color: '$gray900' },
});

/** What a user sees when a list has nothing in it yet, with the next thing to do. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <EmptyBox role="status">
      <Illustration name="empty" width={160} height={110} />
      <h2>{phrased(title)}</h2>
      {children && <p>{children}</p>}
      {action}
    </EmptyBox>
  );
}

export const Prose = styled('div', {
  '& h2': { marginTop: '$6', paddingBottom: '$2', borderBottom: '2px solid $primaryLight' },
  '& h3': { marginTop: '$5' },
  '& ul, & ol': { paddingLeft: '1.5em', margin: '0 0 $4' },
  '& li': { marginBottom: '$1' },
  '& table': { borderCollapse: 'collapse', width: '100%', marginBottom: '$4', fontSize: '$small' },
  '& th, & td': { border: '1px solid $gray300', padding: '$2 $3', textAlign: 'left', verticalAlign: 'top' },
  '& th': { backgroundColor: '$gray100', whiteSpace: 'nowrap' },
  // Issue 25 (7): the text cell gives way on a 320 px phone (a long word or address), not the page.
  '& td': { overflowWrap: 'anywhere' },
});

/** A notice box for rules people must not miss. */
export const Notice = styled('div', {
  padding: '$4',
  borderRadius: '$md',
  borderLeft: '6px solid $orange',
  backgroundColor: '$orangePale',
  marginBottom: '$4',
  variants: {
    tone: {
      info: { borderLeftColor: '$secondaryText', backgroundColor: '$secondaryPale' },
      warn: {},
      danger: { borderLeftColor: '$redText', backgroundColor: '$redPale' },
    },
  },
});
