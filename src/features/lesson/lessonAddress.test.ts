import { describe, expect, it } from 'vitest';
import { HASH_KEY } from '../../session/scenarioCodec.ts';
import { LIVE_LINK_PARAMS, liveLinkSearch } from '../live/liveLink.ts';
import { LIVE_QUERY, SCENARIO_FRAGMENT, lessonQuery, pageAt } from './lessonAddress.ts';

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
