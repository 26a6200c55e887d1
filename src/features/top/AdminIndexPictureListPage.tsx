import { useEffect, useId, useRef, useState } from 'react';
import { INDEX_PICTURE_MESSAGES, type IndexPicture } from '../../../contracts/index-pictures.ts';
import { asApiError, useSubmission } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { Field, FieldErrors, FormAlert } from '../../platform/ui/Field.tsx';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, PageFrame } from '../../platform/ui/Page.tsx';
import {
  deleteIndexPicture,
  listIndexPictures,
  orderIndexPictures,
  updateIndexPicture,
  uploadIndexPicture,
} from './api/index-pictures.ts';
import { CustomerVoicesSection } from './CustomerVoicesSection.tsx';
import { IMAGE_MAX_MB } from '../../../contracts/common.ts';
import type { ScreenHead } from '../../platform/routing.ts';

/** ADR 0211, 0213: this screen's head, the same for everyone: the session frame shows it at the first paint. */
export const head: ScreenHead = {
  title: 'トップ画像の設定',
  breadcrumbs: [{ label: '管理メニュー', href: '/admin-menu' }, { label: 'トップ画像の設定' }],
  lead: 'トップページに表示する画像を登録し、表示順と公開・非公開を切り替えます。表示中の画像から最大6枚がランダムに表示されます。',
};

/**
 * Issue 16 / product design section 6: staff upload the top page's pictures (alt text required), order
 * them by dragging or with the buttons, and switch each on or off. The top page shows the active ones.
 */
const List = styled('ol', { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '$3' });
const Row = styled('li', {
  display: 'grid',
  gridTemplateColumns: '120px 1fr',
  gap: '$3',
  padding: '$3',
  borderRadius: '$md',
  border: '1px solid $gray200',
  backgroundColor: '$white',
  '& img': { width: '120px', height: '90px', objectFit: 'cover', borderRadius: '$sm' },
  '&[data-dragging="true"]': { opacity: 0.5 },
  '&[data-over="true"]': { borderColor: '$primaryText', borderStyle: 'dashed' },
  variants: {
    off: { true: { backgroundColor: '$gray50', '& img': { filter: 'grayscale(1)', opacity: 0.6 } } },
  },
});
const Controls = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$2', alignItems: 'center' });
const AltRow = styled('div', {
  display: 'flex',
  gap: '$2',
  alignItems: 'flex-end',
  '& > div': { flex: 1, marginBottom: 0 },
});

function UploadForm({ onUploaded }: { onUploaded: (p: IndexPicture) => void }) {
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState('');
  const { busy, message, errors, setErrors, run } = useSubmission();
  return (
    <Card aria-labelledby="pic-upload">
      <h2 id="pic-upload">画像を追加する</h2>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const file = fileInput.current?.files?.[0];
          const problems: Record<string, string[]> = {};
          if (!file) problems.image = ['画像を選んでください。'];
          if (!alt.trim()) problems.alt = [INDEX_PICTURE_MESSAGES.alt];
          if (!file || Object.keys(problems).length) return setErrors(problems);
          const done = await run(() => uploadIndexPicture(file, alt));
          if (!done.ok) return;
          setAlt('');
          if (fileInput.current) fileInput.current.value = '';
          onUploaded(done.value);
        }}
      >
        {message && !Object.keys(errors).length && <FormAlert role="alert">{message}</FormAlert>}
        <div style={{ marginBottom: 16 }}>
          <label htmlFor={fileId} style={{ fontWeight: 700, fontSize: 14, display: 'block' }}>
            画像ファイル（JPEG・PNG・WebP、{IMAGE_MAX_MB}MBまで）
          </label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-invalid={errors.image?.length ? true : undefined}
            aria-describedby={errors.image?.length ? `${fileId}-error` : undefined}
          />
          <FieldErrors id={`${fileId}-error`} errors={errors.image} />
        </div>
        <Field
          label="画像の説明（代替テキスト）"
          hint="画像が見えない方にも伝わるように、写っているものを書いてください。例：自家焙煎のコーヒーとケーキ"
          value={alt}
          maxLength={120}
          onChange={(e) => setAlt(e.target.value)}
          errors={errors.alt}
          required
        />
        <Button type="submit" disabled={busy}>
          登録する
        </Button>
      </form>
    </Card>
  );
}

function PictureRow({
  picture,
  index,
  last,
  onChanged,
  onMove,
  onDeleted,
  drag,
}: {
  picture: IndexPicture;
  index: number;
  last: number;
  onChanged: (p: IndexPicture) => void;
  onMove: (from: number, to: number) => void;
  onDeleted: () => void;
  drag: { dragging: boolean; over: boolean; handlers: React.HTMLAttributes<HTMLLIElement> };
}) {
  const [alt, setAlt] = useState(picture.alt);
  const { busy, message, errors, run } = useSubmission();
  const save = async (body: { alt?: string; active?: boolean }) => {
    const done = await run(() => updateIndexPicture(picture.id, body));
    if (done.ok) onChanged(done.value);
  };
  const name = `${index + 1}番目の画像：${picture.alt}`;
  return (
    <Row
      aria-label={name}
      off={!picture.active}
      draggable
      data-dragging={drag.dragging || undefined}
      data-over={drag.over || undefined}
      {...drag.handlers}
    >
      <img src={picture.url} alt={picture.alt} width={picture.width} height={picture.height} loading="lazy" />
      <div>
        {message && !Object.keys(errors).length && <FormAlert role="alert">{message}</FormAlert>}
        <AltRow>
          <Field
            label="代替テキスト"
            value={alt}
            maxLength={120}
            onChange={(e) => setAlt(e.target.value)}
            errors={errors.alt}
          />
          <Button
            size="sm"
            variant="ghost"
            disabled={busy || alt === picture.alt}
            onClick={() => save({ alt })}
          >
            保存
          </Button>
        </AltRow>
        <Controls style={{ marginTop: 8 }}>
          <label style={{ display: 'inline-flex', gap: 6, alignItems: 'center', minHeight: 44 }}>
            <input
              type="checkbox"
              checked={picture.active}
              disabled={busy}
              onChange={(e) => save({ active: e.target.checked })}
            />
            トップページに表示する
          </label>
          <Button
            size="sm"
            variant="ghost"
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
            aria-label={`${index + 1}番目の画像を上へ`}
          >
            ↑ 上へ
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={index === last}
            onClick={() => onMove(index, index + 1)}
            aria-label={`${index + 1}番目の画像を下へ`}
          >
            ↓ 下へ
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={busy}
            onClick={async () => {
              if (!window.confirm('この画像を削除しますか？元に戻せません。')) return;
              if ((await run(() => deleteIndexPicture(picture.id))).ok) onDeleted();
            }}
          >
            削除
          </Button>
        </Controls>
      </div>
    </Row>
  );
}

/** Seed spec section 2: トップ画像の設定. */
export default function AdminIndexPictureListPage() {
  const [items, setItems] = useState<IndexPicture[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    listIndexPictures(ctrl.signal).then(
      (list) => setItems(list.items),
      (err: unknown) => {
        if (!ctrl.signal.aborted) setError(asApiError(err).message);
      },
    );
    return () => ctrl.abort();
  }, []);

  const move = async (from: number, to: number) => {
    if (!items || from === to || to < 0 || to >= items.length) return;
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setItems(next);
    setError(null);
    try {
      const saved = await orderIndexPictures(next.map((p) => p.id));
      setItems(saved.items);
      setNotice('並び順を保存しました。');
    } catch (err) {
      setItems(items);
      setError(asApiError(err).message);
    }
  };

  return (
    <PageFrame {...head}>
      <UploadForm
        onUploaded={(p) => {
          setItems((list) => [...(list ?? []), p]);
          setNotice(INDEX_PICTURE_MESSAGES.uploaded);
        }}
      />
      {notice && (
        <p role="status" style={{ fontWeight: 700 }}>
          {notice}
        </p>
      )}
      {error && <FormAlert role="alert">{error}</FormAlert>}
      {items === null && !error && <PageLoading label="トップ画像を読み込んでいます…" />}
      {items?.length === 0 && (
        <EmptyState title="登録されている画像はまだありません">
          画像を登録すると、トップページにランダムで表示されます。
        </EmptyState>
      )}
      {items && items.length > 0 && (
        <section aria-labelledby="pic-list">
          <h2 id="pic-list">登録済みの画像（ドラッグまたは上下のボタンで並べ替え）</h2>
          <List>
            {items.map((p, i) => (
              <PictureRow
                key={p.id}
                picture={p}
                index={i}
                last={items.length - 1}
                onChanged={(changed) =>
                  setItems((list) => list?.map((x) => (x.id === changed.id ? changed : x)) ?? null)
                }
                onMove={move}
                onDeleted={() => {
                  setItems((list) => list?.filter((x) => x.id !== p.id) ?? null);
                  setNotice(INDEX_PICTURE_MESSAGES.deleted);
                }}
                drag={{
                  dragging: dragFrom === i,
                  over: dragOver === i && dragFrom !== i,
                  handlers: {
                    onDragStart: (e) => {
                      e.dataTransfer.effectAllowed = 'move';
                      setDragFrom(i);
                    },
                    onDragOver: (e) => {
                      e.preventDefault();
                      setDragOver(i);
                    },
                    onDragEnd: () => {
                      setDragFrom(null);
                      setDragOver(null);
                    },
                    onDrop: (e) => {
                      e.preventDefault();
                      if (dragFrom !== null) void move(dragFrom, i);
                      setDragFrom(null);
                      setDragOver(null);
                    },
                  },
                }}
              />
            ))}
          </List>
        </section>
      )}
      <CustomerVoicesSection />
    </PageFrame>
  );
}
