import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { type AdDraft, PLATFORM_LABELS, PLATFORMS } from '../../../../contracts/advertisements.ts';
import { STANDARD_REWARD } from '../../../../contracts/pricing.ts';
import { CheckboxField, Field, FieldErrors, parseWholeNumber } from '../../../platform/ui/Field.tsx';
import { formatYen } from '../../../platform/ui/format.ts';
import { selectDraft, selectErrors, selectIsFirst, type WizardActor } from './parts.ts';

/** Step 2, 配信先: the SNS to post on, how many posts and the reward of each (fixed for the first request). */
export function AudienceStep({ actor }: { actor: WizardActor }) {
  const draft = useSelector(actor, selectDraft);
  const errors = useSelector(actor, selectErrors);
  const isFirst = useSelector(actor, selectIsFirst);
  const edit = (patch: Partial<AdDraft>) => actor.send({ type: 'wizard.edit', patch });
  return (
    <>
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 1rem' }}>
        <legend style={{ fontWeight: 700 }}>投稿してほしいSNS</legend>
        {PLATFORMS.map((p) => (
          <CheckboxField
            key={p}
            label={PLATFORM_LABELS[p]}
            checked={draft.platforms.includes(p)}
            onChange={(e) =>
              edit({
                platforms: e.target.checked
                  ? PLATFORMS.filter((x) => x === p || draft.platforms.includes(x))
                  : draft.platforms.filter((x) => x !== p),
              })
            }
          />
        ))}
        <FieldErrors id="ad-platforms-error" errors={errors.platforms} />
      </fieldset>
      <NumberField
        label="投稿してほしい件数"
        value={draft.units}
        disabled={isFirst}
        onChange={(units) => edit({ units })}
        errors={errors.units}
        hint="お店のファンを優先し、次にお店と同じ都道府県のフォーカスターに届きます。"
      />
      <NumberField
        label="1件あたりの報酬（円）"
        value={draft.reward}
        disabled={isFirst}
        onChange={(reward) => edit({ reward })}
        errors={errors.reward}
        hint={`${formatYen(STANDARD_REWARD)}以上で決められます。`}
      />
    </>
  );
}

/** A whole number typed with or without the IME (full-width digits accepted). */
function NumberField({
  label,
  value,
  onChange,
  errors,
  hint,
  disabled,
}: {
  label: string;
  value: number | null;
  onChange: (n: number | null) => void;
  errors?: string[] | undefined;
  hint?: string;
  disabled?: boolean;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  return (
    <Field
      label={label}
      inputMode="numeric"
      value={text}
      disabled={disabled}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseWholeNumber(e.target.value));
      }}
      hint={hint}
      errors={errors}
    />
  );
}
