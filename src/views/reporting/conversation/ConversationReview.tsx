import './review.css';
import { useEffect, useMemo, type KeyboardEvent } from 'react';
import type { Recording, TranscriptLine } from '../../../api/schemas/reporting';
import { lineAt, type ConversationPlayerActor } from '../../../machines/conversationPlayer';
import { conversationPlayerSelectors as is } from '../../../machines/conversationPlayer.api';
import { useConversationPlayer, useConversationPlayerState } from '../../actors/useConversationPlayer';
import { RecordingPlayer, type SpeakerTurn } from './RecordingPlayer';
import { TranscriptView } from './TranscriptView';
import { lineSeconds } from './transcriptTimes';

// A speaker's turn ends before the next line starts, or after about the time its words take.
const TURN_GAP_SECONDS = 0.3;
const CHARACTERS_PER_SECOND = 14;

function turnsOf(lines: readonly TranscriptLine[], starts: readonly number[]): SpeakerTurn[] {
  return lines.map((line, i) => {
    const start = starts[i]!;
    const spoken = start + 0.6 + line.text.length / CHARACTERS_PER_SECOND;
    const next = starts[i + 1];
    return { start, end: Math.max(start + 0.3, next === undefined ? spoken : Math.min(spoken, next - TURN_GAP_SECONDS)), role: line.role };
  });
}

const NONE: readonly Recording[] = [];

/** A recording's audio url, unless the backend says explicitly that the audio is gone. */
const playableUrl = (recording: Recording | undefined): string | null => (recording?.url && recording.has_audio !== false ? recording.url : null);
const NO_LINES: readonly TranscriptLine[] = [];

const isTyping = (target: EventTarget) => target instanceof HTMLElement && (target.closest('input, textarea, select, button, a, [role="img"]') !== null);

/**
 * The recording beside its transcript, in sync: the line being spoken is marked and kept in view,
 * a line (click, Enter, arrows) seeks the audio, Space plays and pauses anywhere in this area.
 */
export function ConversationReview({ player, recordings: allowedRecordings, lines: allowedLines, renderAside, playerAside, jumpTo }: {
  player: ConversationPlayerActor;
  /** The review's additions beside each transcript line (issue 29). */
  renderAside?: (line: TranscriptLine, index: number) => React.ReactNode;
  /** Under the player (the notes' timeline markers). */
  playerAside?: React.ReactNode;
  /** Jump to a moment: the recording seeks there and the transcript shows its line. */
  jumpTo?: { seconds: number; key: number } | null;
  /** null: the user may not hear recordings (Recordings read). */
  recordings: readonly Recording[] | null;
  /** null: the user may not read the transcript (Transcripts read). */
  lines: readonly TranscriptLine[] | null;
}) {
  const recordings = allowedRecordings ?? NONE;
  const lines = allowedLines ?? NO_LINES;
  const recording = recordings.find((r) => playableUrl(r) !== null) ?? recordings[0];
  const url = playableUrl(recording);
  const starts = useMemo(() => lines.map((line) => lineSeconds(line.time)), [lines]);
  const turns = useMemo(() => turnsOf(lines, starts), [lines, starts]);
  const controls = useConversationPlayer(player);
  const speaking = useConversationPlayerState(player, (s) => lineAt(starts, is.currentTime(s)));
  const following = useConversationPlayerState(player, is.following);
  const playable = useConversationPlayerState(player, is.playable);

  useEffect(() => controls.load(url), [controls, url]);

  // A jump from a note or a turn: seek the audio (when there is some) and show the line.
  const lineJump = useMemo(() => (jumpTo ? { index: lineAt(starts, jumpTo.seconds), key: jumpTo.key } : null), [jumpTo, starts]);
  useEffect(() => {
    if (jumpTo && url) controls.seek(jumpTo.seconds);
    // Only when a new jump is asked for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jumpTo?.key]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === ' ' && playable && !event.defaultPrevented && !isTyping(event.target)) {
      event.preventDefault();
      controls.toggle();
    }
  };

  return (
    <div className="conversation-review" onKeyDown={onKeyDown}>
      <div className="review-player">
        {!allowedRecordings && <p>You do not have access to this conversation’s recordings.</p>}
        {allowedRecordings && !recording && <p>This conversation has no recording.</p>}
        {recording && !url && <p>{`${recording.label}: the audio of this recording is no longer kept.`}</p>}
        {url && recording && (
          <>
            <RecordingPlayer player={player} label={recording.label} turns={turns} fallbackDuration={recording.audio_seconds ?? recording.duration_seconds} />
            {playerAside}
            {recording.generated && <p className="review-note">Demo audio: this server synthesises the transcript as speech; it keeps no real recordings.</p>}
          </>
        )}
      </div>
      <div className="review-transcript">
        {!allowedLines ? (
          <p>You do not have access to this conversation’s transcript.</p>
        ) : (
        <TranscriptView
          lines={lines}
          speakingIndex={url ? speaking : -1}
          following={following}
          onSeek={(i) => url && controls.seek(starts[i] ?? 0)}
          onFollowChange={url ? controls.follow : undefined}
          onTogglePlay={url ? controls.toggle : undefined}
          renderAside={renderAside}
          jumpTo={lineJump}
        />
        )}
      </div>
    </div>
  );
}
