import { EARLY_INPUT_KEY } from '../../../contracts/values.ts';

interface EarlyInput {
  type: 'click' | 'submit';
  target: Element;
}
type EarlyWindow = Window & { [EARLY_INPUT_KEY]?: EarlyInput[] | null };

/** What React's value tracker offers (the node's private `_valueTracker`). */
type Tracked = HTMLInputElement & { _valueTracker?: { setValue(value: string): void } };

/**
 * Issue 25 (13), ADR 0159: the app has taken the prerendered page over. Text typed before reaches the
 * form's state (React keeps the typed value on the page but its state still holds the empty one), then
 * the buttons pressed and forms sent meanwhile (held by server/platform/first-paint.ts) happen now.
 */
export function replayEarlyInput(root: HTMLElement, win: EarlyWindow = window): void {
  const held = win[EARLY_INPUT_KEY] ?? [];
  win[EARLY_INPUT_KEY] = null;
  for (const input of root.querySelectorAll<Tracked>(
    'input:not([type=checkbox]):not([type=radio]), textarea',
  )) {
    if (input.value === input.defaultValue) continue;
    // NOTE: React fires onChange only when the value differs from the one it last saw.
    input._valueTracker?.setValue(input.defaultValue);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  for (const { type, target } of held) {
    if (!target.isConnected) continue;
    if (type === 'click' && target instanceof HTMLElement) target.click();
    if (type === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
  }
}
