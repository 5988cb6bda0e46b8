/**
 * The page bench:reporting drives: the portal's TranscriptView (virtualised) and, as the
 * baseline, the very same line component rendered as a plain list, with the same lines.
 */
import '../../src/styles.css';
import '../../src/views/reporting/conversation/transcript.css';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { TranscriptLine } from '../../src/api/schemas/reporting';
import { TranscriptLineButton, TranscriptView } from '../../src/views/reporting/conversation/TranscriptView';

const WORDS = 'the caller asked about an order that has not arrived yet and the bot checked the tracking number before offering a refund or a replacement next week'.split(' ');

function linesOf(count: number): TranscriptLine[] {
  return Array.from({ length: count }, (_, i) => {
    const seconds = i * 3.2;
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const s = (seconds % 60).toFixed(1).padStart(4, '0');
    const words = 6 + ((i * 7) % 19);
    return {
      position: i + 1,
      role: i % 2 ? 'user' : 'bot',
      time: `${h}:${String(m).padStart(2, '0')}:${s}`,
      text: Array.from({ length: words }, (_, w) => WORDS[(i + w * 3) % WORDS.length]).join(' '),
    };
  });
}

function PlainList({ lines }: { lines: readonly TranscriptLine[] }) {
  return (
    <div className="transcript-view">
      <div className="transcript-scroll">
        <ol className="plain-lines" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {lines.map((line, i) => (
            <li key={line.position} style={{ padding: '2px 4px' }}>
              <TranscriptLineButton line={line} index={i} speaking={false} focusable={i === 0} query="" onSeek={() => {}} />
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

/** Time to first render (render + layout + paint of the first frame) and the longest frame scrolling top to bottom. */
async function run(kind: 'ours' | 'baseline', count: number, scrollStep: number) {
  const lines = linesOf(count);
  const host = document.getElementById('root')!;
  const root = createRoot(host);
  await nextFrame();
  const started = performance.now();
  flushSync(() => root.render(kind === 'ours' ? <TranscriptView lines={lines} onSeek={() => {}} /> : <PlainList lines={lines} />));
  host.getBoundingClientRect(); // force layout inside the measured time
  await nextFrame();
  const firstRender = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 50));

  const scroller = host.querySelector<HTMLElement>('.transcript-scroll')!;
  let longest = 0;
  let frames = 0;
  // Long animation frames (Chromium): the frames whose work took over 50 ms, as the browser saw them.
  const longFrames: number[] = [];
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => longFrames.push(entry.duration)));
  try {
    observer.observe({ type: 'long-animation-frame', buffered: false });
  } catch {
    // Not supported: the frame-to-frame gaps below still measure.
  }
  let previous = await nextFrame();
  // Bounded: the scroll height divided by the step, plus a margin for late measurements.
  const limit = Math.ceil(scroller.scrollHeight / scrollStep) * 2 + 100;
  while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1 && frames < limit) {
    scroller.scrollTop += scrollStep;
    const now = await nextFrame();
    longest = Math.max(longest, now - previous);
    previous = now;
    frames += 1;
  }
  await nextFrame();
  observer.disconnect();
  const reachedEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
  const lastText = host.querySelector('li:last-child')?.textContent ?? '';
  root.unmount();
  return { firstRender, longestFrame: longest, longFrames: longFrames.length, longestLongFrame: Math.max(0, ...longFrames), frames, reachedEnd, lastLineShown: lastText.includes(lines[lines.length - 1]!.text) };
}

declare global {
  interface Window {
    benchRun: typeof run;
  }
}
window.benchRun = run;
