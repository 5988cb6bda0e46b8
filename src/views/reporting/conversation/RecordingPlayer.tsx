import './player.css';
import { useEffect, useRef } from 'react';
import { useColourScheme } from '../../common/useColourScheme';
import type { ConversationPlayerActor } from '../../../machines/conversationPlayer';
import { conversationPlayerSelectors as is } from '../../../machines/conversationPlayer.api';
import { useConversationPlayer, useConversationPlayerState } from '../../actors/useConversationPlayer';
import { OperationError } from '../../common/OperationError';
import { clockOf } from './transcriptTimes';

/** A speaker's turn on the waveform. */
export interface SpeakerTurn {
  start: number;
  end: number;
  role: string;
}

const TURN_COLOURS: Record<string, string> = { bot: 'rgba(79, 70, 229, 0.16)', user: 'rgba(15, 118, 110, 0.18)' };
// Time reports while playing: often enough that the spoken line changes on time, not every frame.
const TIME_REPORT_MS = 100;
const SKIP_SECONDS = 5;

/**
 * The recording: a waveform with each speaker's turns as regions (wavesurfer.js, loaded with this
 * page only), play/pause and skip buttons, and the time. The <audio> element is ours: the machine
 * asks it to play, pause and seek (emitted events), and it reports back what it did.
 */
export function RecordingPlayer({ player, label, turns, fallbackDuration }: {
  player: ConversationPlayerActor;
  label: string;
  turns: readonly SpeakerTurn[];
  fallbackDuration?: number | null;
}) {
  const media = useRef<HTMLAudioElement>(null);
  const waveform = useRef<HTMLDivElement>(null);
  const recolour = useRef<() => void>(() => {});
  const scheme = useColourScheme();
  const controls = useConversationPlayer(player);
  const audio = useConversationPlayerState(player, is.audio);
  const state = useConversationPlayerState(player, is.phase);
  const second = useConversationPlayerState(player, is.second);
  const duration = useConversationPlayerState(player, is.duration) || fallbackDuration || 0;
  const error = useConversationPlayerState(player, is.error);

  // The machine's requests, carried out on the media element.
  useEffect(() => {
    const unsubscribes = [
      controls.onPlayRequested(() => void media.current?.play().catch((e: unknown) => controls.mediaFailed(e instanceof Error ? e.message : 'The recording cannot be played.'))),
      controls.onPauseRequested(() => media.current?.pause()),
      controls.onSeekRequested((seconds) => {
        if (media.current) media.current.currentTime = seconds;
      }),
    ];
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }, [controls]);

  // What the media element does, reported to the machine.
  useEffect(() => {
    const element = media.current;
    if (!element) return;
    let frame = 0;
    let last = 0;
    const report = () => controls.mediaTime(element.currentTime);
    const tick = (now: number) => {
      if (now - last >= TIME_REPORT_MS) {
        last = now;
        report();
      }
      frame = requestAnimationFrame(tick);
    };
    const handlers: Record<string, () => void> = {
      loadedmetadata: () => Number.isFinite(element.duration) && controls.mediaReady(element.duration),
      play: () => {
        controls.mediaStarted();
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(tick);
      },
      pause: () => {
        cancelAnimationFrame(frame);
        report();
        controls.mediaStopped();
      },
      ended: controls.mediaEnded,
      seeked: report,
      error: () => controls.mediaFailed('The recording cannot be played.'),
    };
    for (const [name, handler] of Object.entries(handlers)) element.addEventListener(name, handler);
    return () => {
      cancelAnimationFrame(frame);
      for (const [name, handler] of Object.entries(handlers)) element.removeEventListener(name, handler);
    };
  }, [controls]);

  // The audio, and its waveform with the speakers' turns once wavesurfer has loaded.
  useEffect(() => {
    const element = media.current;
    const container = waveform.current;
    if (!audio || !element || !container || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(audio);
    let cancelled = false;
    let destroy = () => {};
    void Promise.all([import('wavesurfer.js'), import('wavesurfer.js/plugins/regions')])
      .then(([{ default: WaveSurfer }, { default: RegionsPlugin }]) => {
        if (cancelled) return;
        const regions = RegionsPlugin.create();
        const colour = getComputedStyle(container).getPropertyValue('--theme-accent').trim() || '#4f46e5';
        const surfer = WaveSurfer.create({
          container,
          media: element,
          height: 88,
          waveColor: '#9aa1b5',
          progressColor: colour,
          cursorColor: colour,
          barWidth: 2,
          barGap: 1,
          barRadius: 2,
          dragToSeek: true,
          plugins: [regions],
        });
        surfer.on('decode', () => {
          for (const turn of turns) regions.addRegion({ start: turn.start, end: turn.end, color: TURN_COLOURS[turn.role] ?? 'rgba(0,0,0,0.06)', drag: false, resize: false });
        });
        // wavesurfer gives our <audio> the blob and draws its waveform.
        void surfer.loadBlob(audio).catch(() => undefined);
        destroy = () => surfer.destroy();
        // The canvas keeps the colours it was given: a change of theme hands it the new accent.
        recolour.current = () => {
          const next = getComputedStyle(container).getPropertyValue('--theme-accent').trim() || colour;
          surfer.setOptions({ progressColor: next, cursorColor: next });
        };
      })
      // The waveform is a picture: without it the buttons and the transcript still play and seek.
      .catch(() => {
        if (!cancelled) element.src = url;
      });
    return () => {
      cancelled = true;
      destroy();
      recolour.current = () => {};
      URL.revokeObjectURL(url);
    };
  }, [audio, turns]);

  useEffect(() => recolour.current(), [scheme]);

  const playing = state === 'playing';
  return (
    <section className="recording-player" aria-label={label}>
      <OperationError error={error} onRetry={controls.retry} />
      <div className="waveform" ref={waveform} aria-hidden="true" data-state={state} />
      {/* Our element; wavesurfer draws it. Controls are the buttons below. */}
      <audio ref={media} preload="auto" aria-label={`${label} audio`} />
      <div className="player-controls">
        <button type="button" className="button" onClick={() => controls.skip(-SKIP_SECONDS)} disabled={state !== 'paused' && !playing}>
          {`Back ${SKIP_SECONDS} s`}
        </button>
        <button type="button" className="button primary player-toggle" onClick={controls.toggle} disabled={state !== 'paused' && !playing}>
          {playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" className="button" onClick={() => controls.skip(SKIP_SECONDS)} disabled={state !== 'paused' && !playing}>
          {`Forward ${SKIP_SECONDS} s`}
        </button>
        <span className="player-clock">
          <span className="visually-hidden">Position </span>
          {`${clockOf(second)} / ${clockOf(duration)}`}
        </span>
        {state === 'loading' && <span role="status">Loading the recording…</span>}
      </div>
      <p className="player-legend" aria-hidden="true">
        <span className="turn turn-bot">Bot</span> <span className="turn turn-user">Caller</span>
      </p>
    </section>
  );
}
