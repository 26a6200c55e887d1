import {
  type NotificationTemplatePreview,
  TEMPLATE_PREVIEW_TEXTS as T,
} from '../../../contracts/notification-templates.ts';
import { useResource } from '../../platform/request/hooks.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { styled } from '../../platform/styles/stitches.config.ts';
import { listNotificationTemplates } from './api/list-templates.ts';

const Meta = styled('p', { color: '$gray700', fontSize: '$small', margin: '0 0 $2' });
const Kind = styled('code', { fontSize: '$small', overflowWrap: 'anywhere' });
const Texts = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '$1 $3',
  margin: '$2 0 $4',
  '& dd': { margin: 0, overflowWrap: 'anywhere' },
});
const Columns = styled('div', {
  display: 'grid',
  gap: '$4',
  '@md': { gridTemplateColumns: '1fr 1fr' },
  '& h3': { fontSize: '$body', margin: '0 0 $2' },
});
// The mail's HTML in a sandbox: no script, no link opens, its styles stay inside.
const Frame = styled('iframe', {
  width: '100%',
  height: '420px',
  border: '1px solid $gray200',
  borderRadius: '$md',
  backgroundColor: '$white',
});
const Text = styled('pre', {
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  margin: 0,
  padding: '$3',
  border: '1px solid $gray200',
  borderRadius: '$md',
  backgroundColor: '$gray50',
  fontSize: '$small',
  fontFamily: 'inherit',
  maxHeight: '420px',
  overflowY: 'auto',
});

/**
 * Issue 26 "Done when: staff can preview every template" (ADR 0178): each kind of notification with its
 * example parameters, as the outbox renders it: the texts of the in-app row, LINE and push, and the mail in
 * the one layout, as HTML and as text.
 */
export default function AdminNotificationTemplatesPage() {
  const templates = useResource((signal) => listNotificationTemplates(signal), 'notification-templates');
  return (
    <PageFrame
      title={T.title}
      breadcrumbs={[{ label: '管理メニュー', href: '/admin-menu' }, { label: T.title }]}
      lead={T.lead}
    >
      {templates.state === 'loading' ? (
        <PageLoading />
      ) : templates.state === 'failed' ? (
        <Notice tone="danger">{T.loadFailed}</Notice>
      ) : (
        templates.data.data.map((t) => <Template key={t.kind} template={t} />)
      )}
    </PageFrame>
  );
}

function Template({ template: t }: { template: NotificationTemplatePreview }) {
  return (
    <Card aria-labelledby={`template-${t.kind}`}>
      <h2 id={`template-${t.kind}`}>{t.label}</h2>
      <Meta>
        {T.audience[t.audience]}・<Kind>{t.kind}</Kind>
      </Meta>
      <h3>{T.inApp}</h3>
      <Texts>
        <dt>件名</dt>
        <dd>{t.title}</dd>
        <dt>本文</dt>
        <dd>{t.body}</dd>
        <dt>開く画面</dt>
        <dd>{t.path}</dd>
      </Texts>
      <Columns>
        <div>
          <h3>{T.mailHtml}</h3>
          <Frame title={`${t.label}（${T.mailHtml}）`} sandbox="" srcDoc={t.mail.html} loading="lazy" />
        </div>
        <div>
          <h3>{T.mailText}</h3>
          <Text>{t.mail.text}</Text>
        </div>
      </Columns>
    </Card>
  );
}
