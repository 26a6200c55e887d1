import { NotFoundView } from '../../platform/ui/StatusViews.tsx';

export default function NotFoundPage() {
  return <NotFoundView />;
}
