import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import {
  MAX_RECRUITMENT_IMAGES,
  POST_PLATFORMS,
  type Recruitment,
  TARGET_AUDIENCES,
} from '../../../contracts/recruitments.ts';
import { PREFECTURES } from '../../../contracts/prefectures.ts';
import { useSubmission } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button, ButtonLink } from '../../platform/ui/Button.tsx';
import { Field, FieldErrors, FormAlert, inputStyles } from '../../platform/ui/Field.tsx';
import { Card, Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { changeStatus } from './api/change-status.ts';
import { createRecruitment } from './api/create-recruitment.ts';
import { formatDate, formatPeriod, StatusBadge } from './common.tsx';

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

/** Seed spec section 2 / issue 15: staff create a monitor recruitment for a shop, then open it. */
export default function AdminRecruitmentPage() {
  const ids = {
    description: useId(),
    platform: useId(),
    conditions: useId(),
    prefecture: useId(),
    audience: useId(),
    images: useId(),
  };
  const [created, setCreated] = useState<Recruitment | null>(null);
  const { busy, message, errors, run } = useSubmission();
  const opening = useSubmission();

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    // An empty file input still sends one empty part: leave it out.
    const files = form.getAll('images').filter((f) => f instanceof File && f.size > 0);
    form.delete('images');
    for (const f of files) form.append('images', f);
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
      <PageFrame
        title="モニター募集の作成"
        breadcrumbs={[{ label: '管理メニュー', href: '/admin-menu' }, { label: 'モニター募集の作成' }]}
      >
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
      breadcrumbs={[{ label: '管理メニュー', href: '/admin-menu' }, { label: 'モニター募集の作成' }]}
      lead="お店のモニター募集（お試しサポート）を下書きとして作成し、内容を確認してから公開します。"
    >
      <Card>
        <form onSubmit={submit} noValidate>
          {message && <FormAlert role="alert">{message}</FormAlert>}
          <Field
            label="お店ID"
            name="shop_id"
            inputMode="numeric"
            required
            errors={errors.shop_id}
            hint="お店の管理画面に表示される番号です。"
          />
          <Field label="タイトル" name="title" required maxLength={80} errors={errors.title} />
          <Row>
            <Label htmlFor={ids.description}>募集の内容</Label>
            <TextArea
              id={ids.description}
              name="description"
              maxLength={4000}
              aria-invalid={errors.description?.length ? true : undefined}
            />
            <FieldErrors id={`${ids.description}-error`} errors={errors.description} />
          </Row>
          <Row>
            <Label htmlFor={ids.images}>
              写真（{MAX_RECRUITMENT_IMAGES}枚まで・JPEG/PNG/WebP・各5MBまで）
            </Label>
            <input
              id={ids.images}
              type="file"
              name="images"
              accept="image/jpeg,image/png,image/webp"
              multiple
            />
            <FieldErrors id={`${ids.images}-error`} errors={errors.images} />
          </Row>
          <Pair>
            <Field
              label="特典（当選者が受け取るもの）"
              name="benefit"
              required
              maxLength={200}
              errors={errors.benefit}
            />
            <Field
              label="特典の価値（円）"
              name="benefit_value"
              inputMode="numeric"
              required
              errors={errors.benefit_value}
            />
          </Pair>
          <Field
            label="当選人数"
            name="winners_count"
            inputMode="numeric"
            required
            errors={errors.winners_count}
          />
          <Pair>
            <Field
              label="応募開始日"
              name="application_starts_at"
              type="date"
              required
              errors={errors.application_starts_at}
            />
            <Field
              label="応募締切日"
              name="application_ends_at"
              type="date"
              required
              errors={errors.application_ends_at}
            />
          </Pair>
          <Pair>
            <Field
              label="来店期間の開始日"
              name="visit_starts_at"
              type="date"
              required
              errors={errors.visit_starts_at}
            />
            <Field
              label="来店期間の終了日"
              name="visit_ends_at"
              type="date"
              required
              errors={errors.visit_ends_at}
            />
          </Pair>
          <Row>
            <Label htmlFor={ids.platform}>投稿するSNS</Label>
            <Select id={ids.platform} name="platform" defaultValue="instagram">
              {Object.entries(POST_PLATFORMS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
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
              defaultValue={DEFAULT_CONDITIONS}
              aria-invalid={errors.conditions?.length ? true : undefined}
            />
            <FieldErrors id={`${ids.conditions}-error`} errors={errors.conditions} />
          </Row>
          <Pair>
            <Row>
              <Label htmlFor={ids.prefecture}>対象の都道府県</Label>
              <Select id={ids.prefecture} name="target_prefecture" defaultValue="">
                <option value="">指定しない（全国）</option>
                {PREFECTURES.map((p) => (
                  <option key={p}>{p}</option>
                ))}
              </Select>
              <FieldErrors id={`${ids.prefecture}-error`} errors={errors.target_prefecture} />
            </Row>
            <Fieldset>
              <legend>応募できる人</legend>
              {Object.entries(TARGET_AUDIENCES).map(([value, label]) => (
                <label key={value} style={{ display: 'block' }}>
                  <input
                    type="radio"
                    name="target_audience"
                    value={value}
                    defaultChecked={value === 'everyone'}
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
            errors={errors.question}
            hint="例：好きなメニューを教えてください。"
          />
          <Button type="submit" size="lg" disabled={busy}>
            下書きを作成する
          </Button>
        </form>
      </Card>
    </PageFrame>
  );
}
