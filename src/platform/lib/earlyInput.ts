import { EARLY_INPUT_KEY } from '../../../contracts/values.ts';

type EarlyInput =
  | { type: 'click' | 'submit'; target: Element }
  | {
      type: 'input';
      target: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
      value: string;
      checked?: boolean;
    };
type EarlyWindow = Window & { [EARLY_INPUT_KEY]?: EarlyInput[] | null };

/** What React's value tracker offers (the node's private `_valueTracker`). */
type Tracked = (HTMLInputElement | HTMLTextAreaElement) & {
  _valueTracker?: { setValue(value: string): void };
};

/** How long the replay waits for React to take over the elements concerned (a part may hydrate late). */
const HYDRATION_WAIT_MS = 10_000;
const POLL_MS = 50;

/** NOTE: React marks each element it has taken over with a `__reactFiber$…` key; there is no public sign. */
const hydrated = (el: Element) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'));

/** Calls `then` once every element still on the page is React's (`elements` is read again each time). */
function whenHydrated(elements: () => Element[], then: () => void, deadline: number): void {
  if (elements().every((el) => !el.isConnected || hydrated(el)) || Date.now() > deadline) then();
  else setTimeout(() => whenHydrated(elements, then, deadline), POLL_MS);
}

/**
 * Gives React the tick a box was given before the app took over (hydration draws the box as the form's state
 * holds it, unticked), as if it had just been pressed: onChange with that tick.
 */
function tick(box: Tracked & HTMLInputElement, checked: boolean): void {
  if (box.checked === checked) return;
  box.checked = checked;
  // NOTE: React notices a press of a box by its `click` event and a tracker that disagrees with `checked`.
  box._valueTracker?.setValue(String(!checked));
  box.dispatchEvent(new Event('click', { bubbles: true }));
}

/** Gives React the text a field holds, as if it had just been typed (onChange with that value). */
function typeInto(field: Tracked, value: string): void {
  const proto =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  // NOTE: the prototype's setter, not the field's own (React's tracker), so React sees a change.
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field._valueTracker?.setValue(value === '' ? ' ' : '');
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Gives React the option chosen in a list box, as if it had just been chosen: onChange with that value
 * (React hears a list box by its `change` event). Hydration may leave the choice on the page while the
 * screen's state holds another, so the event is sent even when the box already shows it.
 */
function choose(select: HTMLSelectElement, value: string): void {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Issue 25 (13), ADR 0159: the app starts taking the prerendered page over (hydrateRoot was called).
 * Presses, sends and typing stay held until React has taken every field and button of the page over (a
 * part that hydrates late, a form waiting for the configuration, is waited for). Then the text typed
 * meanwhile reaches the form's state (hydration keeps a typed value on the page, or empties a password
 * field, but its state holds the empty one), and the buttons pressed and forms sent happen.
 */
export function replayEarlyInput(root: HTMLElement, win: EarlyWindow = window): void {
  // The server's fields and buttons: what a third-party script adds later (the reCAPTCHA box) is not React's.
  const prerendered = [...root.querySelectorAll('input, textarea, select, button, form')];
  const controls = () => prerendered;
  whenHydrated(
    controls,
    () => {
      const held = win[EARLY_INPUT_KEY] ?? [];
      win[EARLY_INPUT_KEY] = null;
      const typed = new Map<Tracked, string>();
      const ticked = new Map<Tracked & HTMLInputElement, boolean>();
      const chosen = new Map<HTMLSelectElement, string>();
      for (const h of held) {
        if (h.type !== 'input') continue;
        if (h.target instanceof HTMLSelectElement) chosen.set(h.target, h.value);
        else if (h.target instanceof HTMLInputElement && ['checkbox', 'radio'].includes(h.target.type))
          ticked.set(h.target, h.checked ?? h.target.checked);
        else typed.set(h.target, h.value);
      }
      for (const [field, value] of typed) {
        // Text typed after the app took over is newer than what was noted before.
        if (field.isConnected) typeInto(field, field.value !== '' ? field.value : value);
      }
      // The last press of each box (a radio's press ticks it; the others of its group follow).
      for (const [box, checked] of ticked) if (box.isConnected) tick(box, checked);
      // Issue 29 (ADR 0198): a list filtered before the app took the page over (the list is drawn at once).
      for (const [select, value] of chosen) if (select.isConnected) choose(select, value);
      // In a task of its own, once React has drawn the values above: a form sent in the same task would
      // still see the state of before (its handler is the one of the last render).
      setTimeout(() => {
        for (const h of held) {
          if (h.type === 'input' || !h.target.isConnected) continue;
          if (h.type === 'click' && h.target instanceof HTMLElement) h.target.click();
          if (h.type === 'submit' && h.target instanceof HTMLFormElement) h.target.requestSubmit();
        }
      }, 0);
    },
    Date.now() + HYDRATION_WAIT_MS,
  );
}
