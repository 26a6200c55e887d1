import { useSearch } from 'wouter';
import { japaneseDay } from '../../../contracts/advertisements.ts';
import { useResource } from '../../platform/request/hooks.ts';
import { ButtonLink } from '../../platform/ui/Button.tsx';
import { Card, PageFrame } from '../../platform/ui/Page.tsx';
import { getPeriod } from './api/get-period.ts';

/**
 * Seed spec section 2 (/period, "ad posting has ended"): where a tracking link of an ended request leads
 * (`/period?ad={id}`, ADR 0066). With a known ended request it names the shop and the period and links to
 * the shop's page; otherwise (no id, an unknown one, a request not ended) it says the general words.
 */
export default function PeriodPage() {
  const raw = new URLSearchParams(useSearch()).get('ad');
  const id = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const period = useResource(
    id === null ? null : (signal) => getPeriod(id, signal),
    id === null ? null : `${id}`,
  );
  const facts = period.state === 'done' ? period.data : null;
  return (
    <PageFrame title="掲載は終了しました" narrow>
      <Card>
        {facts ? (
          <>
            <p>
              <strong>{facts.shop.name}</strong>の拡散キャンペーン
              {facts.starts_on && facts.ends_on && (
                <>
                  （{japaneseDay(facts.starts_on)}〜{japaneseDay(facts.ends_on)}）
                </>
              )}
              は終了しました。ご覧いただきありがとうございました。
            </p>
            <p>お店の最新の情報は、お店のページでご覧いただけます。</p>
            <p>
              <ButtonLink href={`/${encodeURIComponent(facts.shop.screen_name)}`}>
                {facts.shop.name}のページへ
              </ButtonLink>
            </p>
          </>
        ) : (
          <p>このキャンペーンの掲載期間は終了しました。ご覧いただきありがとうございました。</p>
        )}
        <p>Focustarでは、ほかにもたくさんのお店がファンの応援を待っています。</p>
        <ButtonLink href="/" variant="ghost">
          Focustarのトップへ
        </ButtonLink>
      </Card>
    </PageFrame>
  );
}
