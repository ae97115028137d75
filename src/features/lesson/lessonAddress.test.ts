import { describe, expect, it } from 'vitest';
import { HASH_KEY } from '../../session/scenarioCodec.ts';
import { LIVE_LINK_PARAMS, liveLinkSearch } from '../live/liveLink.ts';
import {
  LESSON_HREF,
  LIVE_QUERY,
  SCENARIO_FRAGMENT,
  lessonBackHref,
  lessonQuery,
  pageAt,
  stageHrefFrom,
} from './lessonAddress.ts';

describe('pageAt', () => {
  it('opens the lesson at / with no step named, and at ?lesson=<n> with that step', () => {
    expect(pageAt('', '')).toEqual({ page: 'lesson', step: null });
    expect(pageAt('?lesson=3', '')).toEqual({ page: 'lesson', step: 3 });
    expect(pageAt(lessonQuery(7), '')).toEqual({ page: 'lesson', step: 7 });
  });

  it('opens the free stage at ?stage and for every #s= link, whatever the query says', () => {
    expect(pageAt('?stage', '')).toEqual({ page: 'stage' });
    expect(pageAt('?stage', '#s=1~abc')).toEqual({ page: 'stage' });
    expect(pageAt('', '#s=1~abc')).toEqual({ page: 'stage' });
    expect(pageAt('?lesson=2', '#s=1~abc')).toEqual({ page: 'stage' });
  });

  it('reads a step that is not a whole number of at least 1 as none named', () => {
    for (const search of ['?lesson=', '?lesson=0', '?lesson=-2', '?lesson=2.5', '?lesson=abc', '?lesson=1e3']) {
      expect(pageAt(search, '')).toEqual({ page: 'lesson', step: null });
    }
  });

  it('leaves another fragment (the skip link) to the lesson', () => {
    expect(pageAt('', '#sets')).toEqual({ page: 'lesson', step: null });
  });

  it('opens the free stage for a Live Redis link (npm run live-demo prints one)', () => {
    expect(pageAt(liveLinkSearch({ bridgeUrl: 'http://127.0.0.1:7379', key: 'bull:q:delayed' }), '')).toEqual({ page: 'stage' });
  });

  it('spells the scenario fragment as the codec does, and the Live link key as the Live panel does', () => {
    expect(SCENARIO_FRAGMENT).toBe(`#${HASH_KEY}=`);
    expect(LIVE_QUERY).toBe(LIVE_LINK_PARAMS.bridge);
  });
});

describe('the way to the stage and back', () => {
  it('opens the stage from a step, with the scenario when given, and the way back names that step', () => {
    expect(pageAt(stageHrefFrom(4), '')).toEqual({ page: 'stage' });
    const [search, hash] = stageHrefFrom(4, '1~p~f123~e1').split('#');
    expect(pageAt(search!, `#${hash}`)).toEqual({ page: 'stage' });
    expect(`#${hash}`).toBe(`${SCENARIO_FRAGMENT}1~p~f123~e1`);
    expect(lessonBackHref(search!)).toBe(lessonQuery(4));
    expect(pageAt(lessonBackHref(search!), '')).toEqual({ page: 'lesson', step: 4 });
  });

  it('goes back to the first step when the stage was not opened from one', () => {
    for (const search of ['', '?stage', '?stage&lesson=0', '?stage&lesson=x', '?stage&lesson=-1'])
      expect(lessonBackHref(search), search).toBe(LESSON_HREF);
  });
});
