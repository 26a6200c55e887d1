import { type Recruitment, RECRUITMENT_MESSAGES } from '../../../contracts/recruitments.ts';
import { Card } from '../../platform/ui/Page.tsx';
import { closeRecruitment } from './api/close-recruitment.ts';
import { formatMoment } from './common.tsx';
import { ReasonForm } from './ReasonForm.tsx';

/**
 * Issue 23: staff close applications before the deadline, with a reason the public page shows beside
 * the audit record; only then may the draw come early.
 */
export function CloseEarlyCard({ r, onDone }: { r: Recruitment; onDone: () => void }) {
  return (
    <Card aria-labelledby="close-title">
      <h2 id="close-title">応募を早めに締め切る</h2>
      <p>
        締切は{formatMoment(r.application_ends_at)}
        です。それより前に抽選するには、理由を添えて応募を締め切ってください。理由と日時は公開ページに表示されます。
      </p>
      <ReasonForm
        label="応募を早めに締め切る"
        hint="例：仕入れの都合で、用意できる数に達したため"
        submitLabel="応募を締め切る"
        confirmText={(reason) =>
          `締切日より前に応募を締め切りますか？\n理由：${reason}\nこれ以降は応募できなくなり、理由と日時が公開ページに表示されます。元に戻せません。`
        }
        doneText={RECRUITMENT_MESSAGES.closedEarly}
        action={(reason) => closeRecruitment(r.id, { reason })}
        onDone={onDone}
      />
    </Card>
  );
}
