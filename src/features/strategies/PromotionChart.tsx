import { useEffect, useMemo, useRef } from 'react';
import { scaleLinear } from 'd3-scale';
import { gridSide, promotionGrid } from './promotionGrid.ts';
import styles from './StrategiesView.module.css';
import { useCanvasSize } from '../../ui/useCanvasSize.ts';

// The chart's own coordinates (SVG viewBox units): a square plot with room for the axes.
const PLOT = 160;
const LEFT = 42;
const TOP = 8;
const RIGHT = 10;
const BOTTOM = 34;
const WIDTH = LEFT + PLOT + RIGHT;
const HEIGHT = TOP + PLOT + BOTTOM;

/** The canvas's box in device pixels. */
const measureCanvas = (canvas: HTMLCanvasElement) => Math.round(canvas.clientWidth * (window.devicePixelRatio || 1));

const percent = (part: number, whole: number) => `${(100 * part) / whole}%`;

/**
 * Promotion position against the order due for one strategy: jobs binned into at most one cell
 * per device pixel of the plot (GRID_MAX at most) and painted on a canvas, so 100,000 points cost
 * one small image; axes and the FIFO diagonal in SVG from d3 scales. `order` holds the jobs'
 * positions due (1..n; the arrival numbers of a stream that falls due in arrival order) in
 * promotion order; `xLabel` names them on the axis.
 */
export function PromotionChart({
  order,
  label,
  xLabel = 'arrival number',
}: {
  order: Int32Array;
  label: string;
  xLabel?: string;
}) {
  const n = order.length;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // One backing pixel per device pixel of the canvas's box; repaints follow the colour scheme (the dots take --accent).
  const { size: pixels, repaints } = useCanvasSize(canvasRef, measureCanvas);
  const side = Math.min(gridSide(n), Math.max(1, pixels));
  const cells = useMemo(() => promotionGrid(order, side), [order, side]);

  const x = scaleLinear()
    .domain([1, Math.max(2, n)])
    .range([0, PLOT]);
  const y = scaleLinear()
    .domain([1, Math.max(2, n)])
    .range([PLOT, 0]);
  const ticks = x.ticks(3).filter((t) => Number.isInteger(t) && t >= 1 && t <= Math.max(2, n));
  const format = x.tickFormat(3, '~s');

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || pixels <= 0) return;
    const ctx = canvas.getContext('2d');
    const cellLayer = document.createElement('canvas');
    cellLayer.width = side;
    cellLayer.height = side;
    const cellCtx = cellLayer.getContext('2d');
    if (!ctx || !cellCtx) return;
    const image = cellCtx.createImageData(side, side);
    for (let i = 0; i < cells.length; i++) if (cells[i]) image.data[4 * i + 3] = 255;
    cellCtx.putImageData(image, 0, 0);
    // One cell grows to whole blocks of pixels (no smoothing), then takes the canvas's CSS colour (--accent).
    ctx.globalCompositeOperation = 'source-over';
    ctx.clearRect(0, 0, pixels, pixels);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(cellLayer, 0, 0, pixels, pixels);
    ctx.globalCompositeOperation = 'source-in';
    ctx.fillStyle = getComputedStyle(canvas).color;
    ctx.fillRect(0, 0, pixels, pixels);
  }, [cells, side, pixels, repaints]);

  return (
    <div className={styles.plot} style={{ aspectRatio: `${WIDTH} / ${HEIGHT}` }}>
      <canvas
        ref={canvasRef}
        className={styles.dots}
        width={Math.max(1, pixels)}
        height={Math.max(1, pixels)}
        aria-hidden="true"
        style={{
          left: percent(LEFT, WIDTH),
          top: percent(TOP, HEIGHT),
          width: percent(PLOT, WIDTH),
          height: percent(PLOT, HEIGHT),
        }}
      />
      <svg className={styles.axes} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
        <g transform={`translate(${LEFT},${TOP})`}>
          <rect className={styles.frame} width={PLOT} height={PLOT} />
          <line className={styles.diagonal} x1={0} y1={PLOT} x2={PLOT} y2={0} />
          {ticks.map((t) => (
            <g key={`x${t}`} transform={`translate(${x(t)},${PLOT})`}>
              <line className={styles.tick} y2={4} />
              <text className={styles.tickText} y={14} textAnchor="middle">
                {format(t)}
              </text>
            </g>
          ))}
          {ticks.map((t) => (
            <g key={`y${t}`} transform={`translate(0,${y(t)})`}>
              <line className={styles.tick} x2={-4} />
              <text className={styles.tickText} x={-6} dy="0.32em" textAnchor="end">
                {format(t)}
              </text>
            </g>
          ))}
          <text className={styles.axisText} x={PLOT / 2} y={PLOT + 28} textAnchor="middle">
            {xLabel} →
          </text>
          <text className={styles.axisText} transform={`translate(-32,${PLOT / 2}) rotate(-90)`} textAnchor="middle">
            promotion position →
          </text>
        </g>
      </svg>
    </div>
  );
}
