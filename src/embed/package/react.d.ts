/**
 * The types of `firetime-cards/react`: <FiretimeCard>, a React component for MDX and React sites
 * that renders the <firetime-card> element (defined on the client only, so server rendering
 * works) with the card's opening numbers inside it as its fallback (no JavaScript, feed readers).
 */
import type { ReactElement } from 'react';
import type { CardName, CardState } from './index.js';

export type { CardName, CardState } from './index.js';

export interface FiretimeCardProps {
  card: CardName;
  /** The full app's http(s) address, for "Open in firetime" and the fallback's link. */
  app: string;
  preset?: string;
  scenario?: string;
  delay?: number | string;
  n?: number | string;
  ids?: string;
  clock?: 'frozen' | 'live';
  at?: number | string;
  theme?: 'light' | 'dark' | 'auto';
  names?: 'bullmq' | 'echomq';
  headingLevel?: number;
  font?: 'inherit' | 'card';
  id?: string;
  className?: string;
  /** Called after every change of the card (the element's `firetime:change`). */
  onChange?: (state: CardState) => void;
}

export declare function FiretimeCard(props: FiretimeCardProps): ReactElement;
