/** The lesson's keys: next and previous step, unless the key belongs to a field or a control that uses it. */

export type LessonMove = 'next' | 'previous';

const NEXT_KEYS = new Set(['ArrowRight', 'j', 'J']);
const PREVIOUS_KEYS = new Set(['ArrowLeft', 'k', 'K']);

/** What a keydown asks of the lesson, or null: ArrowRight or J for the next step, ArrowLeft or K for the one before. */
export function lessonMoveOf(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'target' | 'defaultPrevented'>,
): LessonMove | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return null;
  if (usesKeys(event.target)) return null;
  if (NEXT_KEYS.has(event.key)) return 'next';
  if (PREVIOUS_KEYS.has(event.key)) return 'previous';
  return null;
}

/**
 * Whether the focused element takes the arrows or letters itself: a text field, a select, a
 * slider or radio (arrows change their value), an editable region, the band grid (arrows move
 * between slots), a list that scrolls.
 */
function usesKeys(target: EventTarget | null): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  if (target.closest('input, select, textarea, [contenteditable=""], [contenteditable="true"]') !== null) return true;
  const role = target.getAttribute('role');
  return role === 'slider' || role === 'radio' || role === 'grid' || role === 'application' || target.tagName === 'CANVAS';
}
