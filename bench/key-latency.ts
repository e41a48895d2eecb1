// Key press → next paint in Chromium, for the editor benchmark (docs/performance.md).
//
// Method. For every keydown, the time from the event's own timestamp (when the browser received the
// key, so a busy main thread's queueing counts) to the task that runs right after the next frame's
// rendering on the main thread: a task queued from requestAnimationFrame runs once that frame's style,
// layout and paint are done and handed to the compositor. Chromium is launched with `BROWSER_ARGS`, so
// frames start as soon as they are needed instead of on a 60 Hz clock: without them every figure would
// include a wait of up to 16.7 ms for the next vsync (8 ms on average) that says nothing about our code.
// The same keys typed into a bare native <input> on the same page give the floor this machine and
// browser set.
//
// Why not Chromium's own presentation times (the trace's EventLatency, Event Timing's duration): in
// headless Chromium 156 a key typed into the CodeMirror editor often got its presentation time only at
// some later frame, seconds later, while native inputs and the in-page timing did not (measured while
// writing this bench); and Event Timing rounds durations to 8 ms.
import type { Page } from '@playwright/test';

/** Frames as soon as they are ready: no vsync, no 60 Hz frame-rate cap (see the method above). */
export const BROWSER_ARGS = ['--disable-gpu-vsync', '--disable-frame-rate-limit'];

interface KeyTimes {
  __keyToPaint: number[];
}

/** Runs in the page before its scripts (`context.addInitScript`): records every key press. */
export const recordKeyToPaint = `
  window.__keyToPaint = [];
  window.addEventListener('keydown', (event) => {
    const start = event.timeStamp;
    requestAnimationFrame(() => setTimeout(() => window.__keyToPaint.push(performance.now() - start), 0));
  }, true);
`;

/** Runs `type`, which presses `keys` keys in `page`; their latencies in ms, ascending. */
export async function keyToPaint(page: Page, keys: number, type: () => Promise<void>): Promise<number[]> {
  // Keys pressed before (a Control+End) are recorded after their frame: let that pass, then start.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await page.evaluate(() => {
    (window as unknown as KeyTimes).__keyToPaint = [];
  });
  await type();
  await page.waitForFunction((n) => (window as unknown as KeyTimes).__keyToPaint.length >= n, keys);
  const latencies = await page.evaluate(() => (window as unknown as KeyTimes).__keyToPaint);
  return latencies.sort((a, b) => a - b);
}
