import { afterEach, describe, expect, it } from 'vitest';
import { lessonMoveOf } from './keys.ts';

const press = (key: string, target: EventTarget | null) =>
  lessonMoveOf({ key, target, altKey: false, ctrlKey: false, metaKey: false, defaultPrevented: false });

describe('lessonMoveOf in a page', () => {
  // the page is written here, not rendered through Testing Library, whose cleanup would not remove
  // it: the files after this one share the document (one jsdom per worker) and must not find it
  afterEach(() => document.body.replaceChildren());

  it('leaves the keys to fields, selects, sliders, radios and the band grid', () => {
    document.body.innerHTML = `
      <input id="text" /><input id="range" type="range" /><select id="pick"></select><textarea id="area"></textarea>
      <div id="edit" contenteditable="true"><span id="inside">x</span></div>
      <div id="radio" role="radio"></div><canvas id="grid" role="application"></canvas>
      <button id="button">Next</button><p id="text-block">words</p>`;
    for (const id of ['text', 'range', 'pick', 'area', 'inside', 'radio', 'grid']) {
      expect(press('ArrowRight', document.getElementById(id)), id).toBeNull();
    }
    expect(press('ArrowRight', document.getElementById('button'))).toBe('next');
    expect(press('k', document.getElementById('text-block'))).toBe('previous');
    expect(press('j', document.body)).toBe('next');
  });
});
