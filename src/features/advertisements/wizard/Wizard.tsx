import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useEffectEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { tokyoDate } from '../../../../contracts/advertisements.ts';
import { isDirty } from '../../../../machines/adWizardMachine.ts';
import { Button, ButtonLink } from '../../../platform/ui/Button.tsx';
import { PageLoading } from '../../../platform/ui/LoadingOverlay.tsx';
import { Card } from '../../../platform/ui/Page.tsx';
import { AudienceStep } from './AudienceStep.tsx';
import { ConfirmStep } from './ConfirmStep.tsx';
import { AD_STEPS, selectStep, Stepper } from './parts.ts';
import { PeriodStep } from './PeriodStep.tsx';
import { TextStep } from './TextStep.tsx';
import { LeaveDialog, WizardNav, WizardNotices } from './WizardNav.tsx';
import { wizardLogic } from './wizardLogic.ts';

/**
 * Issue 13: the request wizard at /ad?step=1..4, driven by machines/adWizardMachine.ts (ADR 0183): this shell
 * runs the machine with the feature's API calls (./wizardLogic.ts), keeps the URL and the step together and
 * shows one component per step; each reads the slices it needs from the actor.
 */
export function Wizard({
  shopId,
  shopName,
  shopScreenName,
}: {
  shopId: number;
  shopName: string;
  shopScreenName: string;
}) {
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const idParam = Number(search.get('id'));
  const stepParam = Number(search.get('step') ?? '1');
  const actor = useActorRef(wizardLogic, {
    input: {
      shopId,
      adId: Number.isSafeInteger(idParam) && idParam > 0 ? idParam : null,
      step: stepParam,
      today: tokyoDate(new Date()),
    },
  });
  const view = useSelector(actor, (s) => s.value);
  const step = useSelector(actor, selectStep);
  const adId = useSelector(actor, (s) => s.context.adId);
  const dirty = useSelector(actor, (s) => isDirty(s.context));
  const message = useSelector(actor, (s) => s.context.message);

  // The URL follows the step (so a reload resumes it); the browser's back goes to an earlier step. NOTE: each
  // effect answers a change of one side only (the machine's step and id, or the URL's step): answering both
  // would send the URL back to the machine's step before the machine heard of the browser's back.
  const urlFollowsStep = useEffectEvent(() => {
    if (view !== 'editing' && view !== 'saving') return;
    if (stepParam !== step || (adId && idParam !== adId)) {
      navigate(`/ad?step=${step}${adId ? `&id=${adId}` : ''}`, { replace: stepParam === step });
    }
  });
  useEffect(() => urlFollowsStep(), [step, adId]);
  const stepFollowsUrl = useEffectEvent(() => {
    if (stepParam < step) actor.send({ type: 'wizard.goto', step: stepParam });
  });
  useEffect(() => stepFollowsUrl(), [stepParam]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  useEffect(() => {
    if (view === 'left') navigate('/advertisements');
  }, [view, navigate]);

  if (view === 'loading') return <PageLoading />;
  if (view === 'loadFailed')
    return (
      <Card role="alert">
        <p>{message}</p>
        <Button onClick={() => actor.send({ type: 'wizard.retry' })}>もう一度読み込む</Button>
      </Card>
    );
  if (view === 'submitted')
    return (
      <Card role="status">
        <h2>審査に出しました</h2>
        <p>運営が内容を確認します。結果はメールでお知らせします（通常1〜2営業日）。</p>
        <ButtonLink href="/advertisements">拡散依頼の一覧へ</ButtonLink>
      </Card>
    );
  return (
    <>
      <Stepper aria-label="依頼作成の手順">
        {AD_STEPS.map((label, i) => (
          <li key={label} aria-current={i + 1 === step ? 'step' : undefined}>
            {i + 1}. {label}
          </li>
        ))}
      </Stepper>
      <WizardNotices actor={actor} />
      <Card>
        <h2>
          ステップ{step}：{AD_STEPS[step - 1]}
        </h2>
        {step === 1 && <TextStep actor={actor} shopScreenName={shopScreenName} />}
        {step === 2 && <AudienceStep actor={actor} />}
        {step === 3 && <PeriodStep actor={actor} />}
        {step === 4 && <ConfirmStep actor={actor} shopName={shopName} />}
        <WizardNav actor={actor} />
      </Card>
      {view === 'confirmingLeave' && <LeaveDialog actor={actor} />}
      <p>
        <Link href="/advertising-rules">拡散のルールを確認する</Link>
      </p>
    </>
  );
}
