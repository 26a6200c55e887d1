import { CheckCircle2, Circle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  FIRST_STEP_TEXTS,
  FIRST_STEPS_LEAD,
  FIRST_STEPS_TITLE,
  type FirstStepFacts,
  type FirstStepId,
  firstSteps,
  firstStepsProgress,
  RESEND_VERIFICATION_LABEL,
  REVIEW_REJECTED_NOTE,
  SNS_WAITING_NOTE,
  SUPPORTER_REJECTED,
} from '../../../contracts/first-steps.ts';
import { resendVerification } from '../session/api/users/resend-verification.ts';
import { styled } from '../styles/stitches.config.ts';
import { Button } from './Button.tsx';
import { Card } from './Page.tsx';

/**
 * Issue 25 point 6 (ADR 0167): a new supporter's first steps, on `/` and `/account-info`. Everything comes
 * from the user answer; a step links to where it is done, and the e-mail step sends the verification mail
 * again (POST /api/email/resend: the request layer shows its message, or the throttle message of a 429).
 */
const Steps = styled('ol', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$3',
  '& > li': {
    display: 'grid',
    gridTemplateColumns: '28px minmax(0, 1fr)',
    columnGap: '$3',
    padding: '$3',
    borderRadius: '$md',
    border: '1px solid $gray200',
  },
  '& > li[data-done="true"]': { backgroundColor: '$gray50', color: '$gray700' },
  '& h3': { fontSize: '$body', margin: 0 },
  '& p': { fontSize: '$small', margin: '$1 0 0', color: '$gray700', overflowWrap: 'anywhere' },
});
const Mark = styled('span', {
  paddingTop: '2px',
  variants: { done: { true: { color: '$greenText' }, false: { color: '$gray600' } } },
});
const State = styled('span', {
  display: 'inline-block',
  marginLeft: '$2',
  padding: '0 8px',
  borderRadius: '$pill',
  fontSize: '$tiny',
  fontWeight: 700,
  verticalAlign: 'middle',
  variants: {
    done: {
      true: { backgroundColor: '$greenPale', color: '$greenText' },
      false: { backgroundColor: '$orangePale', color: '#7a4a00' },
    },
  },
});
const Action = styled('div', { marginTop: '$2', fontSize: '$small', fontWeight: 700 });
const Progress = styled('p', { fontWeight: 700, margin: '0 0 $3' });

function ResendButton() {
  const [busy, setBusy] = useState(false);
  const send = () => {
    setBusy(true);
    // The toast (success or the 429 throttle message) comes from the request layer (seed spec section 8).
    resendVerification()
      .catch(() => {})
      .finally(() => setBusy(false));
  };
  return (
    <Button type="button" size="sm" onClick={send} disabled={busy} aria-disabled={busy}>
      {RESEND_VERIFICATION_LABEL}
    </Button>
  );
}

function note(id: FirstStepId, user: FirstStepFacts): string | null {
  if (id === 'sns' && user.sns_accounts_count > 0 && user.approved_sns_accounts_count === 0) {
    return SNS_WAITING_NOTE;
  }
  if (id === 'review')
    return user.status === SUPPORTER_REJECTED ? REVIEW_REJECTED_NOTE : `審査状況：${user.status}`;
  return null;
}

/** The list, or nothing once every step is done. `here` drops the links that point at this page. */
export function FirstSteps({ user, here }: { user: FirstStepFacts; here?: string }) {
  const steps = firstSteps(user);
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) return null;
  return (
    <Card aria-labelledby="first-steps-title">
      <h2 id="first-steps-title">{FIRST_STEPS_TITLE}</h2>
      <p>{FIRST_STEPS_LEAD}</p>
      <Progress>{firstStepsProgress(done, steps.length)}</Progress>
      <Steps>
        {steps.map(({ id, done: isDone }) => {
          const text = FIRST_STEP_TEXTS[id];
          const extra = note(id, user);
          const href =
            text.href && here && text.href.startsWith(`${here}#`) ? text.href.slice(here.length) : text.href;
          return (
            <li key={id} data-done={isDone} aria-label={`${text.title}：${isDone ? '完了' : '未完了'}`}>
              <Mark done={isDone}>
                {isDone ? (
                  <CheckCircle2 size={22} aria-hidden="true" focusable="false" />
                ) : (
                  <Circle size={22} aria-hidden="true" focusable="false" />
                )}
              </Mark>
              <div>
                <h3>
                  {text.title}
                  <State done={isDone}>{isDone ? '完了' : '未完了'}</State>
                </h3>
                <p>{isDone ? text.done : text.todo}</p>
                {extra && !isDone && <p>{extra}</p>}
                {!isDone && id === 'email' && (
                  <Action>
                    <ResendButton />
                  </Action>
                )}
                {!isDone && href && text.action && (
                  <Action>
                    {href.startsWith('#') ? (
                      <a href={href}>{text.action}</a>
                    ) : (
                      <Link href={href}>{text.action}</Link>
                    )}
                  </Action>
                )}
              </div>
            </li>
          );
        })}
      </Steps>
    </Card>
  );
}
