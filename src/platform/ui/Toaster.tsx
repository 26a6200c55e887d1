import { type PointerEvent, useCallback, useRef, useState } from 'react';
import { type Toast, toast, resolveValue, useToaster } from 'react-hot-toast';
import { styled } from '../styles/stitches.config.ts';

/** Seed spec section 9: toasts top-right, auto close 5000 ms, draggable with an 80 percent threshold. */
export const TOAST_SETTINGS = {
  position: 'top-right',
  duration: 5000,
  dragThreshold: 0.8,
  gutter: 8,
} as const;

/** A drag dismisses the toast once it has moved this share of the toast's own width. */
export function dragDismisses(
  distance: number,
  width: number,
  threshold: number = TOAST_SETTINGS.dragThreshold,
) {
  return width > 0 && Math.abs(distance) >= width * threshold;
}

const Region = styled('div', {
  position: 'fixed',
  top: '$3',
  right: '$3',
  left: '$3',
  zIndex: 10000, // above the loading overlay, so an error during a long call is still seen
  pointerEvents: 'none',
  '@sm': { left: 'auto', width: '360px' },
});

const Item = styled('div', {
  position: 'absolute',
  right: 0,
  width: '100%',
  display: 'flex',
  alignItems: 'flex-start',
  gap: '$2',
  padding: '$3 $3 $3 $4',
  borderRadius: '$md',
  boxShadow: '$raised',
  backgroundColor: '$white',
  color: '$gray900',
  borderLeft: '6px solid $gray400',
  fontSize: '$small',
  fontWeight: 700,
  pointerEvents: 'auto',
  touchAction: 'pan-y',
  userSelect: 'none',
  cursor: 'grab',
  transition: 'transform 0.2s ease, opacity 0.2s ease',
  variants: {
    type: {
      success: { borderLeftColor: '$greenText' },
      error: { borderLeftColor: '$redText' },
      loading: { borderLeftColor: '$secondaryText' },
      blank: {},
      custom: {},
    },
    dragging: { true: { transition: 'none', cursor: 'grabbing' } },
  },
});
const Message = styled('div', { flex: 1, paddingTop: '2px' });
const Close = styled('button', {
  flexShrink: 0,
  width: '32px',
  height: '32px',
  border: 'none',
  borderRadius: '$pill',
  background: 'transparent',
  color: '$gray700',
  fontSize: '20px',
  lineHeight: 1,
  cursor: 'pointer',
  '&:hover': { backgroundColor: '$gray100' },
});

const ICONS: Partial<Record<Toast['type'], string>> = { success: '✓', error: '!', loading: '…' };

function ToastItem({
  t,
  offset,
  onHeight,
  pause,
  resume,
}: {
  t: Toast;
  offset: number;
  onHeight: (id: string, h: number) => void;
  pause: () => void;
  resume: () => void;
}) {
  const [dx, setDx] = useState(0);
  const [dragging, setDragging] = useState(false);
  const start = useRef<{ x: number; width: number } | null>(null);

  const measure = useCallback(
    (el: HTMLDivElement | null) => {
      if (el && !t.height) onHeight(t.id, el.getBoundingClientRect().height);
    },
    [t.id, t.height, onHeight],
  );

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('button')) return;
    const el = e.currentTarget;
    start.current = { x: e.clientX, width: el.offsetWidth || el.getBoundingClientRect().width };
    el.setPointerCapture?.(e.pointerId);
    setDragging(true);
    pause();
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    setDx(e.clientX - start.current.x);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const distance = e.clientX - start.current.x;
    const { width } = start.current;
    start.current = null;
    setDragging(false);
    resume();
    if (dragDismisses(distance, width)) {
      setDx(Math.sign(distance) * width * 1.2);
      toast.dismiss(t.id);
    } else {
      setDx(0);
    }
  };

  const opacity = t.visible ? Math.max(0.2, 1 - Math.abs(dx) / 400) : 0;
  return (
    <Item
      ref={measure}
      type={t.type}
      dragging={dragging}
      data-testid="toast"
      data-toast-type={t.type}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      style={{ transform: `translate(${dx}px, ${offset}px)`, opacity }}
      {...t.ariaProps}
    >
      {ICONS[t.type] && <span aria-hidden="true">{ICONS[t.type]}</span>}
      <Message>{resolveValue(t.message, t)}</Message>
      <Close type="button" aria-label="通知を閉じる" onClick={() => toast.dismiss(t.id)}>
        ×
      </Close>
    </Item>
  );
}

/**
 * The app's toaster, built on react-hot-toast's headless `useToaster` because the library's own toaster
 * cannot be dragged away. Callers use `toast()` from 'react-hot-toast' as usual.
 */
export function Toaster() {
  const { toasts, handlers } = useToaster({
    duration: TOAST_SETTINGS.duration,
    position: TOAST_SETTINGS.position,
    // NOTE: a global duration would close "loading" toasts too; they stay until they are resolved.
    loading: { duration: Number.POSITIVE_INFINITY },
  });
  return (
    <Region
      aria-label="通知"
      role="region"
      data-position={TOAST_SETTINGS.position}
      onMouseEnter={handlers.startPause}
      onMouseLeave={handlers.endPause}
    >
      {toasts.map((t) => (
        <ToastItem
          key={t.id}
          t={t}
          offset={handlers.calculateOffset(t, { reverseOrder: false, gutter: TOAST_SETTINGS.gutter })}
          onHeight={handlers.updateHeight}
          pause={handlers.startPause}
          resume={handlers.endPause}
        />
      ))}
    </Region>
  );
}
