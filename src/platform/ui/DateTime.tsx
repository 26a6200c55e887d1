import { styled } from '../styles/stitches.config.ts';
import { formatDateTime } from './format.ts';

const Part = styled('span', { whiteSpace: 'nowrap' });

/**
 * A moment as `formatDateTime` writes it (`2026年11月23日（月） 19:04`), in a `<time>` element, that a narrow
 * table column may break between the date and the time but never inside either: 「2026年11月23日 /
 * （月）」 parts the weekday from its day, and a date broken over four lines reads as four things.
 */
export function DateTime({ iso }: { iso: string | null | undefined }) {
  const text = formatDateTime(iso);
  const space = text.lastIndexOf(' ');
  if (!iso || space < 0) return text;
  return (
    <time dateTime={iso}>
      <Part>{text.slice(0, space)}</Part> <Part>{text.slice(space + 1)}</Part>
    </time>
  );
}
