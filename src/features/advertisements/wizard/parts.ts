import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { styled } from '../../../platform/styles/stitches.config.ts';
import type { wizardLogic } from './wizardLogic.ts';

/** The running wizard: the shell creates it, each step reads its own slices with `useSelector`. */
export type WizardActor = ActorRefFrom<typeof wizardLogic>;
type Snapshot = SnapshotFrom<typeof wizardLogic>;

/** Slices of the wizard's snapshot. Each returns a value that keeps its identity until it changes. */
export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectErrors = (s: Snapshot) => s.context.errors;
export const selectStep = (s: Snapshot) => s.context.step;
export const selectIsFirst = (s: Snapshot) => s.context.isFirst;
export const selectUploading = (s: Snapshot) => s.matches('uploading');
/** A call is under way: the buttons wait. */
export const selectBusy = (s: Snapshot) =>
  s.matches('saving') || s.matches('submitting') || s.matches('uploading');

export const AD_STEPS = ['依頼内容', '配信先', '期間', '確認・お支払い'] as const;

export const Stepper = styled('ol', {
  display: 'flex',
  listStyle: 'none',
  margin: '0 0 $5',
  padding: 0,
  gap: '$1',
  '& li': {
    flex: 1,
    padding: '$2',
    borderRadius: '$sm',
    textAlign: 'center',
    fontSize: '$tiny',
    fontWeight: 700,
    backgroundColor: '$gray100',
    color: '$gray700',
  },
  '& li[aria-current="step"]': { backgroundColor: '$primaryText', color: '$white' },
});
export const TextArea = styled('textarea', {
  width: '100%',
  minHeight: '140px',
  padding: '$3',
  border: '1px solid $gray400',
  borderRadius: '$md',
  fontSize: '16px',
  '&[aria-invalid="true"]': { borderColor: '$redText', backgroundColor: '$redPale' },
});
export const Preview = styled('div', {
  whiteSpace: 'pre-wrap',
  padding: '$4',
  border: '1px solid $gray300',
  borderRadius: '$lg',
  backgroundColor: '$gray50',
  marginBottom: '$4',
});
export const Actions = styled('div', {
  display: 'flex',
  gap: '$3',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
});
export const Counter = styled('p', {
  margin: '0 0 $3',
  fontSize: '$small',
  variants: { over: { true: { color: '$redText', fontWeight: 700 } } },
});
export const Thumbs = styled('ul', {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
  gap: '$2',
  listStyle: 'none',
  padding: 0,
  margin: '0 0 $3',
  '& li': { position: 'relative' },
  '& img': {
    display: 'block',
    width: '100%',
    aspectRatio: '1 / 1',
    objectFit: 'cover',
    borderRadius: '$md',
    backgroundColor: '$gray100',
  },
  '& button': { marginTop: '$1', width: '100%' },
});
export const PreviewImages = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'repeat(2, 1fr)',
  gap: '2px',
  marginTop: '$3',
  borderRadius: '$lg',
  overflow: 'hidden',
  '& img': { display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' },
  variants: { single: { true: { gridTemplateColumns: '1fr' } } },
});
