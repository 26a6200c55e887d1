import { HandlingList } from '../../platform/ui/HandlingList.tsx';
import { PageFrame } from '../../platform/ui/Page.tsx';
import { listContacts } from './api/list-contacts.ts';
import { updateContact } from './api/update-contact.ts';

/** Issue 9 / product design section 7: staff read contact messages and move them to 完了. */
export default function AdminContactPage() {
  return (
    <PageFrame
      title="お問い合わせの対応"
      breadcrumbs={[{ label: '管理メニュー', href: '/admin-menu' }, { label: 'お問い合わせの対応' }]}
      lead="届いたお問い合わせを確認し、対応状況とメモを残します。返信はご登録のメールアドレス宛てに行ってください。"
    >
      <HandlingList
        noun="お問い合わせ"
        load={listContacts}
        save={updateContact}
        render={(item) => (
          <>
            <h2 style={{ fontSize: '1rem', margin: '0 0 0.5rem' }}>{item.topic}</h2>
            <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{item.body}</p>
          </>
        )}
      />
    </PageFrame>
  );
}
