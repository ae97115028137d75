import { describe, expect, it } from 'vitest';
import { lessonMoveOf } from './keys.ts';

const press = (key: string, target: EventTarget | null = null, extra: Partial<KeyboardEvent> = {}) =>
  lessonMoveOf({ key, target, altKey: false, ctrlKey: false, metaKey: false, defaultPrevented: false, ...extra });

describe('lessonMoveOf', () => {
  it('reads ArrowRight and J as next, ArrowLeft and K as previous', () => {
    expect(press('ArrowRight')).toBe('next');
    expect(press('j')).toBe('next');
    expect(press('ArrowLeft')).toBe('previous');
    expect(press('K')).toBe('previous');
    expect(press('ArrowDown')).toBeNull();
    expect(press('a')).toBeNull();
  });

  it('leaves a key with a modifier, or one already taken, to the browser', () => {
    expect(press('ArrowRight', null, { altKey: true })).toBeNull();
    expect(press('ArrowLeft', null, { metaKey: true })).toBeNull();
    expect(press('j', null, { defaultPrevented: true })).toBeNull();
  });
});
