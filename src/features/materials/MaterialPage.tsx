import { PUBLISHED_SHOP_STATUS } from '../../../contracts/shops.ts';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import { useAuth } from '../../platform/session/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button, ButtonLink } from '../../platform/ui/Button.tsx';
import { FormAlert } from '../../platform/ui/Field.tsx';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, PageFrame } from '../../platform/ui/Page.tsx';
import { getMaterialFile, getQrSvg } from './api/materials.ts';

/**
 * Issue 16: the selected shop's referral QR code (SVG, PNG) and a printable A6 POP (PDF). The QR code
 * leads to the shop's page, where a guest who signs up becomes the shop's fan.
 */
const Qr = styled('img', { display: 'block', width: '200px', height: '200px', margin: '0 auto $4' });
const Row = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$2', justifyContent: 'center' });

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Materials({ shopId, screenName }: { shopId: number; screenName: string }) {
  const qr = useResource((signal) => getQrSvg(shopId, signal), `qr-${shopId}`);
  const download = useSubmission();
  const fetchFile = async (file: 'qr.png' | 'pop.pdf', name: string) => {
    const got = await download.run(() => getMaterialFile(shopId, file));
    if (got.ok) save(got.value, name);
  };
  return (
    <Card aria-labelledby="material-qr">
      <h2 id="material-qr">お店のQRコード</h2>
      {qr.state === 'loading' && <PageLoading label="QRコードを作っています…" />}
      {qr.state === 'failed' && <FormAlert role="alert">{qr.error.message}</FormAlert>}
      {qr.state === 'done' && (
        <Qr
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.data)}`}
          alt="お店のページへのQRコード"
        />
      )}
      {download.message && <FormAlert role="alert">{download.message}</FormAlert>}
      <Row>
        <Button
          variant="outline"
          disabled={qr.state !== 'done'}
          onClick={() =>
            qr.state === 'done' &&
            save(new Blob([qr.data], { type: 'image/svg+xml' }), `focustar-${screenName}-qr.svg`)
          }
        >
          QRコード（SVG）
        </Button>
        <Button
          variant="outline"
          disabled={download.busy}
          onClick={() => fetchFile('qr.png', `focustar-${screenName}-qr.png`)}
        >
          QRコード（PNG）
        </Button>
        <Button
          disabled={download.busy}
          onClick={() => fetchFile('pop.pdf', `focustar-${screenName}-pop-a6.pdf`)}
        >
          POP（A6・PDF）をダウンロード
        </Button>
      </Row>
    </Card>
  );
}

/** Seed spec section 2: 販促素材. */
export default function MaterialPage() {
  const { shop } = useAuth();
  return (
    <PageFrame
      title="販促素材"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '販促素材' }]}
      lead="お店に置けるQRコードやPOPのデータをダウンロードできます。QRコードから登録したお客さまは、お店のファンとして応援できます。"
    >
      {!shop ? (
        <EmptyState title="お店が選ばれていません" action={<ButtonLink href="/">お店を選ぶ</ButtonLink>}>
          広告主モードでお店を選ぶと、そのお店専用のQRコードとPOPが表示されます。
        </EmptyState>
      ) : shop.status !== PUBLISHED_SHOP_STATUS ? (
        <EmptyState title="お店の審査が完了していません">
          お店の審査が完了して公開されると、お店専用のQRコードとPOPをダウンロードできます。
        </EmptyState>
      ) : (
        <Materials shopId={shop.id} screenName={shop.screen_name} />
      )}
    </PageFrame>
  );
}
