import type { CSSProperties, ReactNode } from 'react';
import { VirtualList } from './VirtualList.tsx';

/** A column of a HeadedRowList: its heading, and whether its cells are numbers (right-aligned). */
export interface RowColumn {
  readonly heading: string;
  readonly numeric?: boolean;
}

/** The caller's classes (CSS module names): the sideways-scrolling frame, the table in it, a row's grid, the header row, a number cell. */
export type RowListClasses = Readonly<Record<'frame' | 'table' | 'row' | 'head' | 'num', string | undefined>>;

/**
 * A long list of wide rows (a decoded score each): a frame that scrolls sideways, a header row of
 * column headings above a VirtualList. The header is for the eye only (aria-hidden): in a flat
 * list each cell says its column to a screen reader itself (LabelledCell). The caller's classes
 * give the columns their widths; each row it renders uses `classes.row` too, so header and rows
 * line up.
 */
export function HeadedRowList({
  columns,
  classes,
  count,
  rowHeight,
  label,
  renderRow,
  testId,
  frameTestId,
  style,
}: {
  columns: readonly RowColumn[];
  classes: RowListClasses;
  count: number;
  rowHeight: number;
  label: string;
  renderRow: (index: number) => ReactNode;
  testId?: string;
  frameTestId?: string;
  /** On the table (custom properties the caller's classes read). */
  style?: CSSProperties;
}) {
  return (
    <div className={classes.frame} data-testid={frameTestId}>
      <div className={classes.table} style={style}>
        <div className={[classes.row, classes.head].join(' ')} aria-hidden="true">
          {columns.map((column) => (
            <span key={column.heading} className={column.numeric ? classes.num : undefined}>
              {column.heading}
            </span>
          ))}
        </div>
        <VirtualList count={count} rowHeight={rowHeight} label={label} testId={testId} renderRow={renderRow} />
      </div>
    </div>
  );
}
