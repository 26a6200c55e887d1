import { useSelector } from '@xstate/react';
import { Field } from '../../../platform/ui/Field.tsx';
import { selectDraft, selectErrors, type WizardActor } from './parts.ts';

/** Step 3, 期間: the first and the last day (Japan's dates). */
export function PeriodStep({ actor }: { actor: WizardActor }) {
  const startsOn = useSelector(actor, (s) => selectDraft(s).starts_on);
  const endsOn = useSelector(actor, (s) => selectDraft(s).ends_on);
  const errors = useSelector(actor, selectErrors);
  return (
    <>
      <Field
        label="開始日"
        type="date"
        value={startsOn ?? ''}
        onChange={(e) => actor.send({ type: 'wizard.edit', patch: { starts_on: e.target.value || null } })}
        errors={errors.starts_on}
      />
      <Field
        label="終了日"
        type="date"
        value={endsOn ?? ''}
        onChange={(e) => actor.send({ type: 'wizard.edit', patch: { ends_on: e.target.value || null } })}
        errors={errors.ends_on}
        hint="日付は日本時間です。終了日の翌日から、依頼のページは「掲載は終了しました」になります。"
      />
    </>
  );
}
