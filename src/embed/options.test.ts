import { describe, expect, it } from 'vitest';
import { DEFAULT_AT, readCardOptions } from './options.ts';

const read = (query: string) => {
  const params = new URLSearchParams(query);
  return readCardOptions((name) => params.get(name), [...params.keys()]);
};

describe('readCardOptions', () => {
  it('gives each card its defaults, with no note', () => {
    expect(read('card=collisions')).toEqual({
      options: {
        card: 'collisions',
        delay: 5000,
        n: 12,
        idStyle: 'N',
        idPrefix: 'order-',
        clock: 'frozen',
        at: DEFAULT_AT,
        theme: 'auto',
        preset: 'ties',
        scenario: null,
        names: 'bullmq',
        headingLevel: 2,
        inheritFont: false,
      },
      notes: [],
    });
    expect(read('').options.card).toBe('delay');
  });

  it('reads every option with the app field parsers', () => {
    const { options, notes } = read('card=band&delay=1%2C500&n=4096&ids=uuid&clock=live&at=2039-09-07T15:47:35.552Z&theme=dark');
    expect(notes).toEqual([]);
    expect(options).toMatchObject({ card: 'band', delay: 1500, n: 4096, idStyle: 'uuid', clock: 'live', theme: 'dark' });
    expect(options.at).toBe(2 ** 41);
    expect(read('ids=job').options.idStyle).toBe('job:N');
    expect(read('ids=plain').options.idStyle).toBe('N');
    expect(read('ids=task-').options).toMatchObject({ idStyle: 'prefix', idPrefix: 'task-' });
    expect(read('at=86400000').options.at).toBe(86_400_000);
  });

  it('ignores each bad value with a note naming it, and keeps the default', () => {
    const { options, notes } = read('card=Wake&delay=abc&n=1&ids=%01&clock=paused&at=2039-02-30T00:00:00Z&theme=pink');
    expect(options).toEqual({ ...read('card=wake').options });
    expect(notes).toEqual([
      'Ignored delay="abc": Use whole milliseconds, digits only (e.g. 5000).',
      'Ignored n="1": N starts at 2 (one job is the other button).',
      'Ignored ids="\\u{1}": use plain, job, uuid or a prefix (No control characters).',
      'Ignored clock="paused": use frozen or live.',
      'Ignored at="2039-02-30T00:00:00Z": That date does not exist.',
      'Ignored theme="pink": use light, dark or auto.',
    ]);
    expect(read('card=video').notes).toEqual(['Ignored card="video": cards are delay, collisions, band, wake; showing delay.']);
  });

  it('cuts a long value short in its note (the note is text, never markup)', () => {
    const { notes } = read(`theme=${'<b>'.repeat(30)}`);
    expect(notes[0]).toBe(`Ignored theme="${'<b>'.repeat(30).slice(0, 40)}": use light, dark or auto.`);
  });

  it('notes a parameter name the cards do not know, naming the one it is close to', () => {
    const { options, notes } = read('card=delay&dealy=9000&colour=red');
    expect(options.delay).toBe(5000);
    expect(notes).toEqual([
      'Ignored dealy: not a parameter of the cards (did you mean delay?).',
      'Ignored colour: not a parameter of the cards.',
    ]);
  });

  it('reads the presets, names, heading level and font, and notes a preset of another card', () => {
    expect(read('card=band&preset=half&names=EchoMQ&heading-level=3&font=inherit').options).toMatchObject({
      preset: 'half',
      names: 'echomq',
      headingLevel: 3,
      inheritFont: true,
    });
    expect(read('card=band').options.preset).toBe('ceiling');
    expect(read('card=wake').options.preset).toBe('before-wake');
    expect(read('card=delay').options.preset).toBe('empty');
    expect(read('card=band&preset=ties').notes).toEqual([
      'Ignored preset="ties": the band card\'s presets are ceiling, half, empty.',
    ]);
    expect(read('heading-level=7').notes).toEqual([
      'Ignored heading-level="7": use 2 to 5 (the sets inside take the level below).',
    ]);
    expect(read('scenario=%23s%3D1~0~~').options.scenario).toBe('1~0~~');
  });
});
