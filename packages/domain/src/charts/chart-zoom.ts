// The zoom and pan of the browser's measurement chart by its buttons (the keyboard's way to what
// the mouse wheel and the slider do): pure steps on ECharts' dataZoom window, so they are unit
// tested here; the web app dispatches the result to ECharts.

/** The visible part of the time axis as ECharts' dataZoom percentages of the whole (0–100). */
export interface ZoomWindow {
  start: number;
  end: number;
}

export const FULL_ZOOM: ZoomWindow = { start: 0, end: 100 };

export type ZoomStep = 'in' | 'out' | 'left' | 'right' | 'reset';

/** The narrowest window the buttons zoom to: 1 % of the range (about 1.7 h of a week). */
const MIN_SPAN = 1;

/**
 * The window after one button press: in halves the span around its middle, out doubles it, left
 * and right move by half the span, reset shows everything. The window stays inside 0–100; at an
 * end a move or zoom does what still fits (nothing at all when the window is already there).
 */
export function zoomStep(window: ZoomWindow, step: ZoomStep): ZoomWindow {
  const span = window.end - window.start;
  const middle = (window.start + window.end) / 2;
  switch (step) {
    case 'in':
      return around(middle, Math.max(MIN_SPAN, span / 2));
    case 'out':
      return around(middle, Math.min(100, span * 2));
    case 'left':
      return around(middle - span / 2, span);
    case 'right':
      return around(middle + span / 2, span);
    case 'reset':
      return FULL_ZOOM;
  }
}

/** A window of `span` centred on `middle`, moved back inside 0–100 if it sticks out. */
function around(middle: number, span: number): ZoomWindow {
  const start = Math.min(100 - span, Math.max(0, middle - span / 2));
  return { start, end: start + span };
}

/** The instants (ms) the window shows of an axis from `from` to `to`. */
export function zoomedRange(
  axis: { from: number; to: number },
  window: ZoomWindow,
): { from: number; to: number } {
  const length = axis.to - axis.from;
  return {
    from: axis.from + (length * window.start) / 100,
    to: axis.from + (length * window.end) / 100,
  };
}
