import { NotFoundView } from '../../components/StatusViews.tsx';

export default function NotFoundPage() {
  return <NotFoundView />;
}
