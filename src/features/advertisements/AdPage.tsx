import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import {
  type AdDraft,
  type Advertisement,
  composePost,
  MAX_IMAGES,
  MAX_WEIGHTED_LENGTH,
  PLATFORM_LABELS,
  PLATFORMS,
  SAMPLE_SHORT_URL,
  tokyoDate,
} from '../../../contracts/advertisements.ts';
import { IMAGE_MAX_MB } from '../../../contracts/common.ts';
import {
  FIRST_AD_UNITS,
  PLATFORM_FEE_PERCENT,
  quote,
  STANDARD_REWARD,
  TAX_PERCENT,
} from '../../../contracts/pricing.ts';
import {
  adWizardMachine,
  isDirty,
  weightedLength,
  type WizardAd,
} from '../../../machines/adWizardMachine.ts';
import { useAuth } from '../../platform/session/hooks.ts';
import { Button, ButtonLink } from '../../platform/ui/Button.tsx';
import { CheckboxField, Field, FieldErrors, FormAlert, parseWholeNumber } from '../../platform/ui/Field.tsx';
import { formatPeriod, formatYen } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { styled } from '../../platform/styles/stitches.config.ts';
import { getAdvertisement } from './api/get-advertisement.ts';
import { listAdvertisements } from './api/list-advertisements.ts';
import { saveAdvertisement } from './api/save-advertisement.ts';
import { submitAdvertisement } from './api/submit-advertisement.ts';
import { uploadAdImages } from './api/upload-ad-images.ts';

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
const TextArea = styled('textarea', {
  width: '100%',
  minHeight: '140px',
  padding: '$3',
  border: '1px solid $gray400',
  borderRadius: '$md',
  fontSize: '16px',
  '&[aria-invalid="true"]': { borderColor: '$redText', backgroundColor: '$redPale' },
});
const Preview = styled('div', {
  whiteSpace: 'pre-wrap',
  padding: '$4',
  border: '1px solid $gray300',
  borderRadius: '$lg',
  backgroundColor: '$gray50',
  marginBottom: '$4',
});
const Actions = styled('div', {
  display: 'flex',
  gap: '$3',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
});
const Counter = styled('p', {
  margin: '0 0 $3',
  fontSize: '$small',
  variants: { over: { true: { color: '$redText', fontWeight: 700 } } },
});

const Thumbs = styled('ul', {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
  gap: '$2',
  listStyle: 'none',
  padding: 0,
  margin: '0 0 $3',
  '& li': { position: 'relative' },
  '& img': {
    display: 'block',
    width: '100%',
    aspectRatio: '1 / 1',
    objectFit: 'cover',
    borderRadius: '$md',
    backgroundColor: '$gray100',
  },
  '& button': { marginTop: '$1', width: '100%' },
});
const PreviewImages = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'repeat(2, 1fr)',
  gap: '2px',
  marginTop: '$3',
  borderRadius: '$lg',
  overflow: 'hidden',
  '& img': { display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' },
  variants: { single: { true: { gridTemplateColumns: '1fr' } } },
});

const toWizardAd = (ad: Advertisement): WizardAd => ({
  id: ad.id,
  status: ad.status,
  is_first: ad.is_first,
  reject_reason: ad.reject_reason,
  draft: {
    text: ad.text,
    hashtags: ad.hashtags,
    landing_url: ad.landing_url,
    platforms: ad.platforms,
    units: ad.units,
    reward: ad.reward,
    starts_on: ad.starts_on,
    ends_on: ad.ends_on,
    image_urls: ad.image_urls,
  },
});

/** The wizard's API calls, provided outside the component (issue 28 point 4): the machine names them. */
const wizardLogic = adWizardMachine.provide({
  actors: {
    load: fromPromise(async ({ input, signal }) => {
      if (input.adId) return toWizardAd(await getAdvertisement(input.adId, signal));
      // Another device or a reload resumes the shop's newest draft.
      const drafts = await listAdvertisements({ shop_id: input.shopId, status: '下書き' }, signal);
      return drafts.items[0] ? toWizardAd(drafts.items[0]) : null;
    }),
    save: fromPromise(async ({ input }) =>
      toWizardAd(await saveAdvertisement(input.shopId, input.adId, fieldsOf(input.draft))),
    ),
    upload: fromPromise(async ({ input }) => {
      // The draft is saved first, so a new request has an id and the typed text is kept.
      const saved = await saveAdvertisement(input.shopId, input.adId, fieldsOf(input.draft));
      return toWizardAd(await uploadAdImages(saved.id, input.files));
    }),
    submit: fromPromise(async ({ input }) => {
      const saved = await saveAdvertisement(input.shopId, input.adId, fieldsOf(input.draft));
      return toWizardAd(await submitAdvertisement(saved.id));
    }),
  },
});

/** Issue 13: the request wizard at /ad?step=1..4, driven by machines/adWizardMachine.ts. */
export default function AdPage() {
  const { shop, companyAvailable, isStaff, shopUnderReview } = useAuth();
  const usable = !!shop && (companyAvailable || isStaff);
  return (
    <PageFrame
      title="拡散を依頼する"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '拡散を依頼する' }]}
      lead="お店の魅力を、ファンのSNSで広めてもらいましょう。"
    >
      {!usable ? (
        <Notice role="note">
          拡散依頼を作成するには、広告主モードでお店を選択してください。会社の審査が完了している必要があります。{' '}
          <Link href="/">お店を選択する</Link>
        </Notice>
      ) : shopUnderReview ? (
        <Notice role="note">{shop.status}</Notice>
      ) : (
        <Wizard key={shop.id} shopId={shop.id} shopName={shop.name} shopScreenName={shop.screen_name} />
      )}
    </PageFrame>
  );
}

function Wizard({
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
  const state = useSelector(actor, (s) => s);
  const c = state.context;
  const dirty = isDirty(c);

  // The URL follows the step (so a reload resumes it); the browser's back goes to an earlier step.
  useEffect(() => {
    if (!state.matches('editing') && !state.matches('saving')) return;
    if (stepParam !== c.step || (c.adId && idParam !== c.adId)) {
      navigate(`/ad?step=${c.step}${c.adId ? `&id=${c.adId}` : ''}`, { replace: stepParam === c.step });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [c.step, c.adId]);
  useEffect(() => {
    if (stepParam < c.step) actor.send({ type: 'wizard.goto', step: stepParam });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stepParam]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  useEffect(() => {
    if (state.matches('left')) navigate('/advertisements');
  }, [state, navigate]);

  if (state.matches('loading')) return <PageLoading />;
  if (state.matches('loadFailed'))
    return (
      <Card role="alert">
        <p>{c.message}</p>
        <Button onClick={() => actor.send({ type: 'wizard.retry' })}>もう一度読み込む</Button>
      </Card>
    );
  if (state.matches('submitted'))
    return (
      <Card role="status">
        <h2>審査に出しました</h2>
        <p>運営が内容を確認します。結果はメールでお知らせします（通常1〜2営業日）。</p>
        <ButtonLink href="/advertisements">拡散依頼の一覧へ</ButtonLink>
      </Card>
    );

  const uploading = state.matches('uploading');
  const busy = state.matches('saving') || state.matches('submitting') || uploading;
  const edit = (patch: Partial<AdDraft>) => actor.send({ type: 'wizard.edit', patch });
  const errors = c.errors;
  const post = composePost(c.draft.text, c.draft.hashtags, SAMPLE_SHORT_URL);
  const length = weightedLength(post);
  return (
    <>
      <Stepper aria-label="依頼作成の手順">
        {AD_STEPS.map((label, i) => (
          <li key={label} aria-current={i + 1 === c.step ? 'step' : undefined}>
            {i + 1}. {label}
          </li>
        ))}
      </Stepper>
      {c.rejectReason && c.status === '差し戻し' && (
        <Notice tone="danger" role="note">
          <strong>差し戻しの理由：</strong>
          {c.rejectReason}
        </Notice>
      )}
      {c.isFirst && (
        <Notice tone="info">
          はじめての拡散依頼：{FIRST_AD_UNITS}件・1件{formatYen(STANDARD_REWARD)}
          、システム利用料は無料です（件数と報酬は変更できません）。
        </Notice>
      )}
      {c.message && <FormAlert role="alert">{c.message}</FormAlert>}
      <Card>
        <h2>
          ステップ{c.step}：{AD_STEPS[c.step - 1]}
        </h2>
        {c.step === 1 && (
          <>
            <label htmlFor="ad-text" style={{ fontWeight: 700 }}>
              紹介文（「#PR」は消せません）
            </label>
            <TextArea
              id="ad-text"
              value={c.draft.text}
              aria-invalid={errors.text ? true : undefined}
              aria-describedby="ad-text-count ad-text-error"
              onChange={(e) => edit({ text: e.target.value })}
            />
            <Counter id="ad-text-count" over={length > MAX_WEIGHTED_LENGTH} aria-live="polite">
              {length}／{MAX_WEIGHTED_LENGTH}（全角は2文字、リンクは23文字として数えます）
            </Counter>
            <FieldErrors id="ad-text-error" errors={errors.text} />
            <Field
              label="ハッシュタグ（空白区切り）"
              value={c.draft.hashtags.map((h) => `#${h}`).join(' ')}
              onChange={(e) =>
                edit({
                  hashtags: e.target.value
                    .split(/[\s\u3000]+/)
                    .map((h) => h.replace(/^[#＃]/, ''))
                    .filter(Boolean),
                })
              }
              hint="例：#渋谷カフェ #自家焙煎"
              errors={errors.hashtags}
            />
            <ImagePicker
              urls={c.draft.image_urls}
              uploading={uploading}
              disabled={busy}
              errors={errors.images ?? errors.image_urls}
              onAdd={(files) => actor.send({ type: 'wizard.addImages', files })}
              onRemove={(url) => edit({ image_urls: c.draft.image_urls.filter((u) => u !== url) })}
            />
            <Field
              label="リンク先URL"
              inputMode="url"
              value={c.draft.landing_url ?? ''}
              placeholder={`${location.origin}/${shopScreenName}`}
              onChange={(e) => edit({ landing_url: e.target.value.trim() || null })}
              hint="空欄のときは、お店のページにつながります。"
              errors={errors.landing_url}
            />
            <h3>投稿のプレビュー</h3>
            <Preview aria-label="投稿のプレビュー">
              {post.replace(SAMPLE_SHORT_URL, `${location.origin}/s/…`)}
              {c.draft.image_urls.length > 0 && (
                <PreviewImages single={c.draft.image_urls.length === 1}>
                  {c.draft.image_urls.map((url) => (
                    <img key={url} src={url} alt="" />
                  ))}
                </PreviewImages>
              )}
            </Preview>
          </>
        )}
        {c.step === 2 && (
          <>
            <fieldset style={{ border: 0, padding: 0, margin: '0 0 1rem' }}>
              <legend style={{ fontWeight: 700 }}>投稿してほしいSNS</legend>
              {PLATFORMS.map((p) => (
                <CheckboxField
                  key={p}
                  label={PLATFORM_LABELS[p]}
                  checked={c.draft.platforms.includes(p)}
                  onChange={(e) =>
                    edit({
                      platforms: e.target.checked
                        ? PLATFORMS.filter((x) => x === p || c.draft.platforms.includes(x))
                        : c.draft.platforms.filter((x) => x !== p),
                    })
                  }
                />
              ))}
              <FieldErrors id="ad-platforms-error" errors={errors.platforms} />
            </fieldset>
            <NumberField
              label="投稿してほしい件数"
              value={c.draft.units}
              disabled={c.isFirst}
              onChange={(units) => edit({ units })}
              errors={errors.units}
              hint="お店のファンを優先し、次にお店と同じ都道府県のフォーカスターに届きます。"
            />
            <NumberField
              label="1件あたりの報酬（円）"
              value={c.draft.reward}
              disabled={c.isFirst}
              onChange={(reward) => edit({ reward })}
              errors={errors.reward}
              hint={`${formatYen(STANDARD_REWARD)}以上で決められます。`}
            />
          </>
        )}
        {c.step === 3 && (
          <>
            <Field
              label="開始日"
              type="date"
              value={c.draft.starts_on ?? ''}
              onChange={(e) => edit({ starts_on: e.target.value || null })}
              errors={errors.starts_on}
            />
            <Field
              label="終了日"
              type="date"
              value={c.draft.ends_on ?? ''}
              onChange={(e) => edit({ ends_on: e.target.value || null })}
              errors={errors.ends_on}
              hint="日付は日本時間です。終了日の翌日から、依頼のページは「掲載は終了しました」になります。"
            />
          </>
        )}
        {c.step === 4 && <Confirm draft={c.draft} isFirst={c.isFirst} shopName={shopName} />}
        <Actions>
          <div style={{ display: 'flex', gap: '0.5rem' }}>
            {c.step > 1 && (
              <Button variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'wizard.back' })}>
                戻る
              </Button>
            )}
            <Button variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'wizard.leave' })}>
              中断する
            </Button>
          </div>
          {c.step < 4 ? (
            <Button disabled={busy} onClick={() => actor.send({ type: 'wizard.next' })}>
              {busy ? '保存しています…' : '次へ'}
            </Button>
          ) : (
            <Button disabled={busy} onClick={() => actor.send({ type: 'wizard.submit' })}>
              {busy ? '送信しています…' : 'この内容で審査に出す'}
            </Button>
          )}
        </Actions>
      </Card>
      {state.matches('confirmingLeave') && (
        <Card role="alertdialog" aria-labelledby="leave-title">
          <h2 id="leave-title">保存していない変更があります</h2>
          <p>このページを離れると、このステップで入力した内容は失われます。よろしいですか？</p>
          <Actions>
            <Button variant="ghost" onClick={() => actor.send({ type: 'wizard.cancelLeave' })}>
              入力を続ける
            </Button>
            <Button variant="danger" onClick={() => actor.send({ type: 'wizard.confirmLeave' })}>
              変更を捨てて移動する
            </Button>
          </Actions>
        </Card>
      )}
      <p>
        <Link href="/advertising-rules">拡散のルールを確認する</Link>
      </p>
    </>
  );
}

/**
 * Step 1's images (issue 13: up to 4, through the storage service): picked files are uploaded at once to
 * the draft; a picked image can be taken off again (saved with the next step).
 */
function ImagePicker({
  urls,
  uploading,
  disabled,
  errors,
  onAdd,
  onRemove,
}: {
  urls: string[];
  uploading: boolean;
  disabled: boolean;
  errors?: string[] | undefined;
  onAdd: (files: File[]) => void;
  onRemove: (url: string) => void;
}) {
  const id = 'ad-images';
  const full = urls.length >= MAX_IMAGES;
  return (
    // NOTE: a fieldset is as wide as its widest child by default (min-width: min-content): the file input
    // pushed the page past 320 px (issue 25 (7)).
    <fieldset style={{ border: 0, padding: 0, margin: '1rem 0', minWidth: 0 }}>
      <legend style={{ fontWeight: 700 }}>
        画像（{urls.length}／{MAX_IMAGES}枚）
      </legend>
      {urls.length > 0 && (
        <Thumbs aria-label="選んだ画像">
          {urls.map((url, i) => (
            <li key={url}>
              <img src={url} alt={`画像${i + 1}`} />
              <Button variant="ghost" disabled={disabled} onClick={() => onRemove(url)}>
                画像{i + 1}を外す
              </Button>
            </li>
          ))}
        </Thumbs>
      )}
      <label htmlFor={id} style={{ display: 'block', fontSize: 14 }}>
        {full
          ? `画像は${MAX_IMAGES}枚まで選べます。`
          : `画像を追加（JPEG・PNG・WebP、1枚${IMAGE_MAX_MB}MBまで）`}
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp"
        style={{ maxWidth: '100%' }}
        disabled={disabled || full}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) onAdd(files);
        }}
      />
      {uploading && <p role="status">画像をアップロードしています…</p>}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </fieldset>
  );
}

function fieldsOf(d: AdDraft) {
  return {
    text: d.text,
    hashtags: d.hashtags,
    landing_url: d.landing_url,
    platforms: d.platforms,
    units: d.units,
    reward: d.reward,
    starts_on: d.starts_on,
    ends_on: d.ends_on,
    image_urls: d.image_urls,
  };
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

function Confirm({ draft, isFirst, shopName }: { draft: AdDraft; isFirst: boolean; shopName: string }) {
  const q = quote(draft.units ?? 0, draft.reward ?? 0, isFirst);
  return (
    <>
      {/* Issue 25 (2): the post as supporters will see it, before paying. */}
      <h3>フォーカスターに届く投稿</h3>
      <Preview aria-label="フォーカスターに届く投稿">
        {composePost(draft.text, draft.hashtags, `${location.origin}/s/…`)}
        {draft.image_urls.length > 0 && (
          <PreviewImages single={draft.image_urls.length === 1}>
            {draft.image_urls.map((url, i) => (
              <img key={url} src={url} alt={`依頼の写真${i + 1}`} />
            ))}
          </PreviewImages>
        )}
      </Preview>
      <dl>
        <dt>お店</dt>
        <dd>{shopName}</dd>
        <dt>SNS</dt>
        <dd>{draft.platforms.map((p) => PLATFORM_LABELS[p]).join('・') || '—'}</dd>
        <dt>期間</dt>
        <dd>{formatPeriod(draft.starts_on, draft.ends_on)}</dd>
        <dt>リンク先</dt>
        <dd style={{ overflowWrap: 'anywhere' }}>{draft.landing_url ?? 'お店のページ'}</dd>
      </dl>
      <table style={{ width: '100%', marginBottom: '1rem' }}>
        <caption className="visually-hidden">お支払い額</caption>
        <tbody>
          <tr>
            <th scope="row" style={{ textAlign: 'left' }}>
              報酬（{formatYen(q.reward)} × {q.units}件）
            </th>
            <td style={{ textAlign: 'right' }}>{formatYen(q.rewards)}</td>
          </tr>
          <tr>
            <th scope="row" style={{ textAlign: 'left' }}>
              システム利用料（報酬の{PLATFORM_FEE_PERCENT}%）
            </th>
            <td style={{ textAlign: 'right' }}>
              {q.fee === 0 && isFirst ? '0円（無料）' : formatYen(q.fee)}
            </td>
          </tr>
          <tr>
            <th scope="row" style={{ textAlign: 'left' }}>
              消費税（{TAX_PERCENT}%）
            </th>
            <td style={{ textAlign: 'right' }}>{formatYen(q.tax)}</td>
          </tr>
          <tr>
            <th scope="row" style={{ textAlign: 'left' }}>
              お支払い合計（税込・最大）
            </th>
            <td style={{ textAlign: 'right' }}>
              <strong>{formatYen(q.total)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      <p>お支払いは承認した投稿の分だけです。集まらなかった件数の分はいただきません。</p>
    </>
  );
}
