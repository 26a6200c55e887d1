import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { styled } from '../../platform/styles/stitches.config.ts';
import { DataTable, TableScroll } from '../../platform/ui/DataTable.tsx';
import { formatCount } from '../../platform/ui/format.ts';

/**
 * Issue 27 "How": charts in plain SVG (no chart library: the screens stay small), readable in greyscale —
 * every series has its own pattern as well as its own colour, and its name beside its swatch — and each with
 * its figures as a table (a `<details>` under the chart, read by screen readers as a real table).
 */

/** A series' look: a colour and a pattern, so that two series differ without colour too. */
export const SERIES_LOOKS = [
  { color: '#1d4ed8', pattern: 'solid' },
  { color: '#c2410c', pattern: 'diagonal' },
  { color: '#047857', pattern: 'dots' },
  { color: '#7e22ce', pattern: 'cross' },
  { color: '#525252', pattern: 'horizontal' },
  { color: '#a16207', pattern: 'vertical' },
  { color: '#9ca3af', pattern: 'solid' },
] as const;

function PatternDefs({ prefix }: { prefix: string }) {
  return (
    <defs>
      {SERIES_LOOKS.map((look, i) => (
        <pattern key={i} id={`${prefix}-${i}`} width="6" height="6" patternUnits="userSpaceOnUse">
          <rect width="6" height="6" fill={look.pattern === 'solid' ? look.color : '#fff'} />
          {look.pattern === 'diagonal' && (
            <path d="M-1,7 L7,-1 M-1,1 L1,-1 M5,7 L7,5" stroke={look.color} strokeWidth="2" />
          )}
          {look.pattern === 'dots' && <circle cx="3" cy="3" r="1.8" fill={look.color} />}
          {look.pattern === 'cross' && <path d="M0,0 L6,6 M6,0 L0,6" stroke={look.color} strokeWidth="1.5" />}
          {look.pattern === 'horizontal' && (
            <path d="M0,2 H6 M0,5 H6" stroke={look.color} strokeWidth="1.5" />
          )}
          {look.pattern === 'vertical' && <path d="M2,0 V6 M5,0 V6" stroke={look.color} strokeWidth="1.5" />}
        </pattern>
      ))}
      <pattern id={`${prefix}-period`} width="8" height="8" patternUnits="userSpaceOnUse">
        <rect width="8" height="8" fill="#fff7e6" />
        <path d="M0,8 L8,0" stroke="#f5d9a8" strokeWidth="1" />
      </pattern>
    </defs>
  );
}

/**
 * The width the chart has, in CSS pixels: the drawing's coordinates (its viewBox) are laid out at that width
 * so its text stays legible; the SVG itself is `width: 100%` and scales, so it never makes the page wider
 * (before the first measure, or on a screen narrower than the smallest drawing).
 */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(280, Math.floor(entry.contentRect.width)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** A round step for the axis: 1, 2, 5, 10, 20, 50 … so that about four lines fit. */
function niceStep(max: number): number {
  const rough = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
}

const Figure = styled('figure', { margin: '0 0 $4', minWidth: 0 });
const Caption = styled('figcaption', { fontWeight: 700, marginBottom: '$2' });
const Legend = styled('ul', {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$2 $4',
  listStyle: 'none',
  padding: 0,
  margin: '$2 0',
  fontSize: '$small',
  '& li': { display: 'flex', alignItems: 'center', gap: '$1' },
});
const Details = styled('details', {
  marginTop: '$2',
  fontSize: '$small',
  '& summary': {
    cursor: 'pointer',
    color: '$primaryText',
    fontWeight: 700,
    padding: '$1 0',
    minHeight: '24px',
  },
  '& td, & th': { whiteSpace: 'nowrap' },
  '& td.num': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
});

export type Series = { key: string; label: string };
export type Column = { key: string; label: string; values: number[] };

export interface StackedBarChartProps {
  title: string;
  /** One sentence for screen readers: what the chart shows and its total. */
  summary: string;
  /** The x labels of the bars (short, e.g. 11/26) and their long form for the table (2026年11月26日（木）). */
  labels: string[];
  longLabels: string[];
  series: Series[];
  /** values[series][bar] */
  values: number[][];
  /** Bars to mark as a period (index ranges, both included), with its name. */
  marks?: { from: number; to: number; label: string }[];
  /** How a value is written in the table (yen, counts). */
  format?: (n: number) => string;
  /** The table's first heading. */
  rowHeading: string;
  totalLabel?: string;
  footer?: ReactNode;
}

/** Bars stacked by series, one per label (a day or a month), with the marked periods shaded behind them. */
export function StackedBarChart(props: StackedBarChartProps) {
  const { labels, series, values, marks = [], format = formatCount } = props;
  const id = useId().replace(/:/g, '');
  const [ref, width] = useWidth<HTMLDivElement>(320);
  const height = 220;
  const pad = { left: 40, right: 16, top: 24, bottom: 28 };
  const inner = { w: width - pad.left - pad.right, h: height - pad.top - pad.bottom };
  const totals = labels.map((_, i) => series.reduce((sum, _s, k) => sum + (values[k]?.[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const slot = inner.w / Math.max(1, labels.length);
  const barW = Math.max(2, Math.min(28, slot * 0.7));
  const y = (v: number) => pad.top + inner.h - (v / top) * inner.h;
  const every = Math.max(1, Math.ceil(labels.length / Math.floor(inner.w / 44)));
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const shown = series.map((s, k) => ({ ...s, k })).filter((s) => values[s.k]?.some((v) => v > 0));
  return (
    <Figure aria-labelledby={`${id}-caption`}>
      <Caption id={`${id}-caption`}>{props.title}</Caption>
      <div ref={ref} style={{ width: '100%' }}>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          width="100%"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          style={{ display: 'block', height: 'auto', overflow: 'hidden' }}
        >
          <title id={`${id}-title`}>{props.title}</title>
          <desc id={`${id}-desc`}>{props.summary}</desc>
          <PatternDefs prefix={id} />
          {marks.map((m) => {
            const x0 = pad.left + m.from * slot;
            const x1 = pad.left + (m.to + 1) * slot;
            return (
              <g key={`${m.from}-${m.to}-${m.label}`}>
                <rect
                  x={x0}
                  y={pad.top - 16}
                  width={x1 - x0}
                  height={inner.h + 16}
                  fill={`url(#${id}-period)`}
                />
                <line
                  x1={x0}
                  x2={x0}
                  y1={pad.top - 16}
                  y2={pad.top + inner.h}
                  stroke="#b45309"
                  strokeDasharray="4 3"
                />
                <line
                  x1={x1}
                  x2={x1}
                  y1={pad.top - 16}
                  y2={pad.top + inner.h}
                  stroke="#b45309"
                  strokeDasharray="4 3"
                />
                {/* Near the right edge the label ends at the band's end, so it is not cut off. */}
                <text
                  x={
                    x0 + 4 + m.label.length * 11 > width - pad.right
                      ? Math.min(x1, width - pad.right) - 4
                      : x0 + 4
                  }
                  y={pad.top - 5}
                  fontSize="11"
                  fill="#7c2d12"
                  textAnchor={x0 + 4 + m.label.length * 11 > width - pad.right ? 'end' : 'start'}
                >
                  {m.label}
                </text>
              </g>
            );
          })}
          {ticks.map((v) => (
            <g key={v}>
              <line x1={pad.left} x2={width - pad.right} y1={y(v)} y2={y(v)} stroke="#e5e7eb" />
              <text x={pad.left - 6} y={y(v) + 4} fontSize="11" textAnchor="end" fill="#4b5563">
                {format(v).replace(/円$/, '')}
              </text>
            </g>
          ))}
          {labels.map((label, i) => {
            let base = 0;
            const x = pad.left + i * slot + (slot - barW) / 2;
            return (
              <g key={label + i}>
                {series.map((s, k) => {
                  const v = values[k]?.[i] ?? 0;
                  if (!v) return null;
                  const y0 = y(base + v);
                  const h = y(base) - y0;
                  base += v;
                  return (
                    <rect
                      key={s.key}
                      x={x}
                      y={y0}
                      width={barW}
                      height={h}
                      fill={`url(#${id}-${k % SERIES_LOOKS.length})`}
                      stroke={SERIES_LOOKS[k % SERIES_LOOKS.length]!.color}
                      strokeWidth="0.75"
                    />
                  );
                })}
                {i % every === 0 && (
                  <text x={x + barW / 2} y={height - 10} fontSize="11" textAnchor="middle" fill="#374151">
                    {label}
                  </text>
                )}
              </g>
            );
          })}
          <line x1={pad.left} x2={width - pad.right} y1={y(0)} y2={y(0)} stroke="#6b7280" />
        </svg>
      </div>
      {/* One series needs no legend: the caption names it. */}
      <Legend
        aria-hidden="true"
        style={shown.length < 2 && marks.length === 0 ? { display: 'none' } : undefined}
      >
        {shown.map((s) => (
          <li key={s.key}>
            <svg width="16" height="16">
              <PatternDefs prefix={`${id}-l${s.k}`} />
              <rect
                width="16"
                height="16"
                fill={`url(#${id}-l${s.k}-${s.k % SERIES_LOOKS.length})`}
                stroke={SERIES_LOOKS[s.k % SERIES_LOOKS.length]!.color}
              />
            </svg>
            {s.label}
          </li>
        ))}
        {marks.length > 0 && (
          <li>
            <svg width="16" height="16">
              <rect width="16" height="16" fill="#fff7e6" stroke="#b45309" strokeDasharray="3 2" />
            </svg>
            {marks[0]!.label.replace(/No\.\d+/, '').trim() || '依頼の期間'}
          </li>
        )}
      </Legend>
      <Details>
        <summary>{props.title}を表で見る</summary>
        {/* Focusable: a wide table scrolls sideways, and a keyboard must be able to scroll it too. */}
        <TableScroll tabIndex={0} role="region" aria-label={`${props.title}の表`}>
          <DataTable>
            <caption className="visually-hidden">{props.title}</caption>
            <thead>
              <tr>
                <th scope="col">{props.rowHeading}</th>
                <th scope="col">{props.totalLabel ?? '合計'}</th>
                {shown.map((s) => (
                  <th key={s.key} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((_, i) => (
                <tr key={props.longLabels[i]}>
                  <th scope="row">{props.longLabels[i]}</th>
                  <td className="num">{format(totals[i]!)}</td>
                  {shown.map((s) => (
                    <td key={s.key} className="num">
                      {format(values[s.k]?.[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableScroll>
      </Details>
      {props.footer}
    </Figure>
  );
}

/** Horizontal bars with their figure written at the end (a share, a funnel step): no legend needed. */
export function HorizontalBars({
  title,
  rows,
  format = formatCount,
}: {
  title: string;
  rows: { label: string; value: number; note?: string }[];
  format?: (n: number) => string;
}) {
  const id = useId().replace(/:/g, '');
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <Figure>
      <Caption as="h3">{title}</Caption>
      <DataTable>
        <thead>
          <tr>
            <th scope="col">項目</th>
            <th scope="col">数</th>
            <th scope="col" style={{ width: '50%' }}>
              <span className="visually-hidden">グラフ</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                {format(r.value)}
                {r.note && <div style={{ color: '#4b5563' }}>{r.note}</div>}
              </td>
              <td aria-hidden="true">
                <svg width="100%" height="14" style={{ display: 'block' }}>
                  <PatternDefs prefix={`${id}-${i}`} />
                  <rect
                    width={`${(r.value / max) * 100}%`}
                    height="14"
                    fill={`url(#${id}-${i}-${i % SERIES_LOOKS.length})`}
                    stroke={SERIES_LOOKS[i % SERIES_LOOKS.length]!.color}
                  />
                </svg>
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </Figure>
  );
}
