import { type FormEvent, useId, useState } from 'react';
import { Link, useSearch } from 'wouter';
import {
  EDITABLE_FIELDS,
  IMAGES_EDITABLE,
  MAX_RECRUITMENT_IMAGES,
  POST_PLATFORMS,
  RECRUITMENT_PLATFORMS,
  type Recruitment,
  type RecruitmentField,
  TARGET_AUDIENCES,
} from '../../../contracts/recruitments.ts';
import { japanDay } from '../../../contracts/japan-time.ts';
import { PREFECTURES } from '../../../contracts/prefectures.ts';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button, ButtonLink } from '../../platform/ui/Button.tsx';
import { Field, FieldErrors, FormAlert, inputStyles } from '../../platform/ui/Field.tsx';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { MessageView, NotFoundView } from '../../platform/ui/StatusViews.tsx';
import { changeStatus } from './api/change-status.ts';
import { createRecruitment } from './api/create-recruitment.ts';
import { getRecruitment } from './api/get-recruitment.ts';
import { updateRecruitment } from './api/update-recruitment.ts';
import { ShopPicker } from './ShopPicker.tsx';
import { formatDate, formatPeriod, StatusBadge } from './common.tsx';
import { IMAGE_MAX_MB } from '../../../contracts/common.ts';
import { HistoryLink } from '../../platform/ui/HistoryLink.tsx';

const Select = styled('select', inputStyles);
const TextArea = styled('textarea', { ...inputStyles, minHeight: '120px', py: '$3' });
const Label = styled('label', { display: 'block', fontWeight: 700, fontSize: '$small', marginBottom: '$1' });
const Row = styled('div', { marginBottom: '$4' });
const Pair = styled('div', { display: 'grid', gap: '$3', '@md': { gridTemplateColumns: '1fr 1fr' } });
const Fieldset = styled('fieldset', {
  border: 'none',
  padding: 0,
  margin: '0 0 $4',
  '& legend': { fontWeight: 700, marginBottom: '$2' },
});

const DEFAULT_CONDITIONS = '投稿の最初に「#PR」を入れ、体験した商品の写真1枚以上と感想を投稿してください。';

/** A stored moment as the day in Japan a date input shows (YYYY-MM-DD). */
const tokyoDay = (iso: string) => japanDay(new Date(iso));

/** The form's values of a stored recruitment, as the inputs hold them (the edit screen's defaults). */
function formValues(r: Recruitment): Record<RecruitmentField, string> {
  return {
    shop_id: String(r.shop.id),
    title: r.title,
    description: r.description,
    benefit: r.benefit,
    benefit_value: String(r.benefit_value),
    winners_count: String(r.winners_count),
    application_starts_at: tokyoDay(r.application_starts_at),
    application_ends_at: tokyoDay(r.application_ends_at),
    visit_starts_at: tokyoDay(r.visit_starts_at),
    visit_ends_at: tokyoDay(r.visit_ends_at),
    platform: r.platform,
    conditions: r.conditions,
    target_prefecture: r.target_prefecture ?? '',
    target_audience: r.target_audience,
    question: r.question ?? '',
  };
}

const FIELD_LABELS: Record<RecruitmentField, string> = {
  shop_id: 'お店',
  title: 'タイトル',
  description: '募集の内容',
  benefit: '特典',
  benefit_value: '特典の価値',
  winners_count: '当選人数',
  application_starts_at: '応募開始日',
  application_ends_at: '応募締切日',
  visit_starts_at: '来店期間の開始日',
  visit_ends_at: '来店期間の終了日',
  platform: '投稿するSNS',
  conditions: '投稿の条件',
  target_prefecture: '対象の都道府県',
  target_audience: '応募できる人',
  question: '応募時の質問',
};

/** The form's files: an empty file input still sends one empty part, which is left out. */
function withFiles(form: FormData): FormData {
  const files = form.getAll('images').filter((f) => f instanceof File && f.size > 0);
  form.delete('images');
  for (const f of files) form.append('images', f);
  return form;
}

/**
 * The recruitment's fields. Creating: every field. Editing (ADR 0082): the stored values, with the
 * fields the status locks shown disabled (a disabled input is not sent).
 */
function RecruitmentForm({
  existing,
  busy,
  message,
  errors,
  submitLabel,
  onSubmit,
}: {
  existing: Recruitment | null;
  busy: boolean;
  message: string | null;
  errors: Record<string, string[]>;
  submitLabel: string;
  onSubmit: (form: FormData) => void;
}) {
  const ids = {
    description: useId(),
    platform: useId(),
    conditions: useId(),
    prefecture: useId(),
    audience: useId(),
    images: useId(),
  };
  const v = existing ? formValues(existing) : null;
  const editable = existing ? EDITABLE_FIELDS[existing.status] : null;
  const locked = (f: RecruitmentField) => (editable ? !editable.includes(f) : false);
  const imagesLocked = existing ? !IMAGES_EDITABLE.includes(existing.status) : false;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSubmit(withFiles(new FormData(e.currentTarget)));
  };

  return (
    <form onSubmit={submit} noValidate>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      {existing && existing.status !== '下書き' && (
        <Notice tone="info">
          「{existing.status}」のモニター募集で変更できるのは、
          {(editable ?? []).map((f) => FIELD_LABELS[f]).join('・') || 'ありません'}
          {!imagesLocked && '・写真'}
          です。応募した方の条件を守るため、締切日と来店期間の終了日は延ばすことだけ、当選人数は増やすことだけができます。
        </Notice>
      )}
      <ShopPicker
        initial={existing ? { id: existing.shop.id, name: existing.shop.name } : null}
        disabled={locked('shop_id')}
        errors={errors.shop_id}
      />
      <Field
        label="タイトル"
        name="title"
        required
        maxLength={80}
        defaultValue={v?.title}
        disabled={locked('title')}
        errors={errors.title}
      />
      <Row>
        <Label htmlFor={ids.description}>募集の内容</Label>
        <TextArea
          id={ids.description}
          name="description"
          maxLength={4000}
          defaultValue={v?.description}
          disabled={locked('description')}
          aria-invalid={errors.description?.length ? true : undefined}
        />
        <FieldErrors id={`${ids.description}-error`} errors={errors.description} />
      </Row>
      <Row>
        <Label htmlFor={ids.images}>
          写真（{MAX_RECRUITMENT_IMAGES}枚まで・JPEG/PNG/WebP・各{IMAGE_MAX_MB}MBまで）
        </Label>
        {existing && existing.images.length > 0 && (
          <p>
            いまの写真：{existing.images.length}枚。新しい写真を選ぶと、いまの写真はすべて置き換わります。
          </p>
        )}
        <input
          id={ids.images}
          type="file"
          name="images"
          accept="image/jpeg,image/png,image/webp"
          multiple
          disabled={imagesLocked}
        />
        <FieldErrors id={`${ids.images}-error`} errors={errors.images} />
      </Row>
      <Pair>
        <Field
          label="特典（当選者が受け取るもの）"
          name="benefit"
          required
          maxLength={200}
          defaultValue={v?.benefit}
          disabled={locked('benefit')}
          errors={errors.benefit}
        />
        <Field
          label="特典の価値（円）"
          name="benefit_value"
          inputMode="numeric"
          required
          defaultValue={v?.benefit_value}
          disabled={locked('benefit_value')}
          errors={errors.benefit_value}
        />
      </Pair>
      <Field
        label="当選人数"
        name="winners_count"
        inputMode="numeric"
        required
        defaultValue={v?.winners_count}
        disabled={locked('winners_count')}
        errors={errors.winners_count}
      />
      <Pair>
        <Field
          label="応募開始日"
          name="application_starts_at"
          type="date"
          required
          defaultValue={v?.application_starts_at}
          disabled={locked('application_starts_at')}
          errors={errors.application_starts_at}
        />
        <Field
          label="応募締切日"
          name="application_ends_at"
          type="date"
          required
          defaultValue={v?.application_ends_at}
          disabled={locked('application_ends_at')}
          errors={errors.application_ends_at}
        />
      </Pair>
      <Pair>
        <Field
          label="来店期間の開始日"
          name="visit_starts_at"
          type="date"
          required
          defaultValue={v?.visit_starts_at}
          disabled={locked('visit_starts_at')}
          errors={errors.visit_starts_at}
        />
        <Field
          label="来店期間の終了日"
          name="visit_ends_at"
          type="date"
          required
          defaultValue={v?.visit_ends_at}
          disabled={locked('visit_ends_at')}
          errors={errors.visit_ends_at}
        />
      </Pair>
      <Row>
        <Label htmlFor={ids.platform}>投稿するSNS</Label>
        <Select
          id={ids.platform}
          name="platform"
          defaultValue={v?.platform ?? 'instagram'}
          disabled={locked('platform')}
        >
          {/* Issue 23 (ADR 0161): platforms supporters register accounts on; an older Facebook one stays shown. */}
          {[...RECRUITMENT_PLATFORMS, ...(v?.platform === 'facebook' ? (['facebook'] as const) : [])].map(
            (value) => (
              <option key={value} value={value}>
                {POST_PLATFORMS[value]}
              </option>
            ),
          )}
        </Select>
        <FieldErrors id={`${ids.platform}-error`} errors={errors.platform} />
      </Row>
      <Row>
        <Label htmlFor={ids.conditions}>投稿の条件</Label>
        <Notice tone="info">
          当選者の投稿には、広告であることを示す「#PR」（または「広告」）の表示が必要です。条件に必ず含めてください。
        </Notice>
        <TextArea
          id={ids.conditions}
          name="conditions"
          maxLength={1000}
          defaultValue={v?.conditions ?? DEFAULT_CONDITIONS}
          disabled={locked('conditions')}
          aria-invalid={errors.conditions?.length ? true : undefined}
        />
        <FieldErrors id={`${ids.conditions}-error`} errors={errors.conditions} />
      </Row>
      <Pair>
        <Row>
          <Label htmlFor={ids.prefecture}>対象の都道府県</Label>
          <Select
            id={ids.prefecture}
            name="target_prefecture"
            defaultValue={v?.target_prefecture ?? ''}
            disabled={locked('target_prefecture')}
          >
            <option value="">指定しない（全国）</option>
            {PREFECTURES.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </Select>
          <FieldErrors id={`${ids.prefecture}-error`} errors={errors.target_prefecture} />
        </Row>
        <Fieldset disabled={locked('target_audience')}>
          <legend>応募できる人</legend>
          {Object.entries(TARGET_AUDIENCES).map(([value, label]) => (
            <label key={value} style={{ display: 'block' }}>
              <input
                type="radio"
                name="target_audience"
                value={value}
                defaultChecked={value === (v?.target_audience ?? 'everyone')}
              />{' '}
              {label}
            </label>
          ))}
          <FieldErrors id={`${ids.audience}-error`} errors={errors.target_audience} />
        </Fieldset>
      </Pair>
      <Field
        label="応募時の質問（任意）"
        name="question"
        maxLength={200}
        defaultValue={v?.question}
        disabled={locked('question')}
        errors={errors.question}
        hint="例：好きなメニューを教えてください。"
      />
      <Button type="submit" size="lg" disabled={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

const BREADCRUMBS = (label: string) => [
  { label: '管理メニュー', href: '/admin-menu' },
  { label: 'モニター募集の一覧', href: '/admin-recruitment-list' },
  { label },
];

/** ADR 0082: `/admin-recruitment?id=N` edits recruitment N; only the changed fields are sent. */
function EditRecruitment({ id }: { id: number }) {
  const res = useResource((signal) => getRecruitment(id, signal), String(id));
  const [saved, setSaved] = useState<Recruitment | null>(null);
  const [version, setVersion] = useState(0);
  const { busy, message, errors, setMessage, run } = useSubmission();
  const current = saved ?? res.data;

  const submit = async (form: FormData) => {
    if (!current) return;
    const before = formValues(current);
    for (const [key, value] of [...form.entries()]) {
      if (key === 'images') continue;
      if (key in before && before[key as RecruitmentField] === value) form.delete(key);
    }
    form.delete('shop_pick');
    if ([...form.keys()].length === 0) {
      setMessage('変更された項目はありません。');
      return;
    }
    const done = await run(() => updateRecruitment(id, form));
    if (done.ok) {
      setSaved(done.value);
      setVersion((n) => n + 1);
    }
  };

  return (
    <PageFrame title="モニター募集の編集" breadcrumbs={BREADCRUMBS('モニター募集の編集')}>
      {res.state === 'loading' ? (
        <PageLoading label="モニター募集を読み込んでいます…" />
      ) : res.state === 'failed' || !current ? (
        <MessageView title="モニター募集を読み込めませんでした">{res.error?.message}</MessageView>
      ) : current.status === '終了' ? (
        <MessageView title="終了したモニター募集は変更できません">
          <Link href="/admin-recruitment-list">募集の一覧へ戻る</Link>
        </MessageView>
      ) : (
        <Card>
          <p>
            <StatusBadge status={current.status} /> 番号{current.id}・
            <Link href={`/recruitments/${current.id}`}>公開ページを見る</Link>・
            <Link href={`/admin-recruitment-winner-picker/${current.id}`}>当選者の選定へ</Link>
            <HistoryLink table="recruitments" id={current.id} />
          </p>
          {saved && version > 0 && !message && (
            <Notice tone="info" role="status">
              「{saved.title}」を更新しました。
            </Notice>
          )}
          <RecruitmentForm
            key={version}
            existing={current}
            busy={busy}
            message={message}
            errors={errors}
            submitLabel="変更を保存する"
            onSubmit={submit}
          />
        </Card>
      )}
    </PageFrame>
  );
}

/** Seed spec section 2 / issue 15: staff create a monitor recruitment for a shop, then open it. */
function CreateRecruitment() {
  const [created, setCreated] = useState<Recruitment | null>(null);
  const { busy, message, errors, run } = useSubmission();
  const opening = useSubmission();

  const submit = async (form: FormData) => {
    form.delete('shop_pick');
    const done = await run(() => createRecruitment(form));
    if (done.ok) setCreated(done.value);
  };

  const open = async () => {
    if (!created) return;
    const done = await opening.run(() => changeStatus(created.id, { status: '募集中' }));
    if (done.ok) setCreated(done.value);
  };

  if (created) {
    return (
      <PageFrame title="モニター募集の作成" breadcrumbs={BREADCRUMBS('モニター募集の作成')}>
        <Card>
          <p role="status">
            「{created.title}」を作成しました。状況：
            <StatusBadge status={created.status} />
            {created.publish_at && `（${formatDate(created.publish_at)}に公開予約済み）`}
          </p>
          <p>
            {created.shop.name}・応募期間{' '}
            {formatPeriod(created.application_starts_at, created.application_ends_at)}
          </p>
          {opening.message && <FormAlert role="alert">{opening.message}</FormAlert>}
          {created.status === '下書き' && !created.publish_at && (
            <Button onClick={open} disabled={opening.busy}>
              募集を公開する
            </Button>
          )}
          {created.status === '募集中' && (
            <p>
              公開しました。シード値のコミットメント：<code>{created.seed_commitment}</code>
            </p>
          )}
          <p>
            <Link href={`/recruitments/${created.id}`}>公開ページを見る</Link>・
            <Link href={`/admin-recruitment?id=${created.id}`}>内容を編集する</Link>・
            <Link href={`/admin-recruitment-winner-picker/${created.id}`}>当選者の選定へ</Link>
          </p>
          <ButtonLink href="/admin-recruitment-list" variant="outline">
            募集の一覧へ
          </ButtonLink>{' '}
          <Button variant="ghost" onClick={() => setCreated(null)}>
            続けて作成する
          </Button>
        </Card>
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title="モニター募集の作成"
      breadcrumbs={BREADCRUMBS('モニター募集の作成')}
      lead="お店のモニター募集を下書きとして作成し、内容を確認してから公開します。"
    >
      <Card>
        <RecruitmentForm
          existing={null}
          busy={busy}
          message={message}
          errors={errors}
          submitLabel="下書きを作成する"
          onSubmit={submit}
        />
      </Card>
    </PageFrame>
  );
}

/** `/admin-recruitment` creates; `/admin-recruitment?id=N` edits recruitment N (ADR 0082). */
export default function AdminRecruitmentPage() {
  const search = new URLSearchParams(useSearch());
  if (!search.has('id')) return <CreateRecruitment />;
  const id = Number(search.get('id'));
  if (!Number.isSafeInteger(id) || id < 1) return <NotFoundView />;
  return <EditRecruitment key={id} id={id} />;
}
