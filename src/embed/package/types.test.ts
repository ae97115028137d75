/**
 * The package's hand-written declarations (index.d.ts, react.d.ts) held to the code they describe:
 * checked by the typecheck (`tsc -b`), which fails if the element or its state grows apart from them.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { Settings } from '../../session/operations.ts';
import type { FiretimeCard as RealElement } from '../firetimeCard.ts';
import type { CardName as RealCardName, OptionName } from '../options.ts';
import type { CardName, CardSettings, CardState, FiretimeCard, FiretimeCardAttributes } from './index.js';
import type { cardFallbackHtml as declaredFallback } from './fallback.js';
import { cardFallbackHtml } from './staticFallback.ts';

describe('the package types', () => {
  it('describe the element, its attributes and its change event as the code has them', () => {
    // CardState is defined here only (cardSession.ts takes it from index.d.ts); its settings are the app's.
    expectTypeOf<CardSettings>().toEqualTypeOf<Settings>();
    // Every property the declarations promise, the element has, with a type the declarations allow.
    const asDeclared = (element: RealElement): FiretimeCard => element;
    expectTypeOf(asDeclared).toBeFunction();
    expectTypeOf<keyof FiretimeCardAttributes>().toEqualTypeOf<OptionName | 'app'>();
    expectTypeOf<CardName>().toEqualTypeOf<RealCardName>();
    expectTypeOf<HTMLElementEventMap['firetime:change']>().toEqualTypeOf<CustomEvent<CardState>>();
    // firetime-cards/fallback: the declared function is the built one (which takes any card text, to name a typo).
    const declared: typeof declaredFallback = cardFallbackHtml;
    expectTypeOf(declared).returns.toEqualTypeOf<string>();
  });
});
