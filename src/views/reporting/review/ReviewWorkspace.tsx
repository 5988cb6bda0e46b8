import './review.css';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Recording, TranscriptLine } from '../../../api/schemas/reporting';
import type { Note, TurnTiming } from '../../../api/schemas/review';
import { notesSelectors } from '../../../machines/conversationNotes.api';
import { evaluationSelectors } from '../../../machines/evaluation.api';
import type { ConversationPlayerActor } from '../../../machines/conversationPlayer';
import { turnTimingsSelectors } from '../../../machines/turnTimings.api';
import { useEvaluationState } from '../../actors/useEvaluation';
import { useConversationNotesState } from '../../actors/useConversationNotes';
import { useTurnTimingsState } from '../../actors/useTurnTimings';
import { useCan } from '../../PortalContext';
import { ConversationReview } from '../conversation/ConversationReview';
import { EvaluationPanel } from './EvaluationPanel';
import { LineAside } from './LineAside';
import { NoteMarkers } from './NoteMarkers';
import { NotesPanel } from './NotesPanel';
import { lineIdOf, MOMENT } from './reviewLines';
import { TurnLatency } from './TurnLatency';

const NO_NOTES: readonly Note[] = [];

/** "Evaluations, notes and per-turn timings": the parts a backend lacks, as one phrase. */
function phraseOf(parts: readonly string[]): string {
  const text = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The conversation page's review (issue 29): the recording and transcript with each line's
 * latency and notes beside it and the notes on the player's timeline, the evaluation beside them
 * (sticky from 1200 px, so every question is answered with the recording and transcript in
 * view), then the notes and the per-turn latency. Each part hides quietly on a backend without it.
 */
export function ReviewWorkspace({ conversationId, player, recordings, lines }: {
  conversationId: string;
  player: ConversationPlayerActor;
  recordings: readonly Recording[] | null;
  lines: readonly TranscriptLine[] | null;
}) {
  const mayEvaluate = useCan('Evaluations', 'read');
  const mayPin = useCan('Evaluations', 'add');
  const notes = useConversationNotesState(notesSelectors.notes);
  const notesReady = useConversationNotesState(notesSelectors.ready);
  const turns = useTurnTimingsState(turnTimingsSelectors.turns);
  // A backend without a review part (404/405 on first use): the part hides, and ONE quiet note
  // names every part this server lacks (docs/review-contract.md).
  const evaluationsMissing = useEvaluationState(evaluationSelectors.unavailable);
  const notesMissing = useConversationNotesState(notesSelectors.unavailable);
  const timingsMissing = useTurnTimingsState(turnTimingsSelectors.unavailable);
  const missing = [mayEvaluate && evaluationsMissing && 'evaluations', mayEvaluate && notesMissing && 'notes', timingsMissing && 'per-turn timings'].filter((part): part is string => Boolean(part));
  const side = mayEvaluate && !evaluationsMissing;
  const recording = recordings?.find((r) => r.has_audio && r.url);
  const hasAudio = Boolean(recording);
  const duration = useSelector(player, (s) => s.context.duration) || recording?.audio_seconds || recording?.duration_seconds || 0;
  const [target, setTarget] = useState<string>(hasAudio ? MOMENT : '');
  const [jump, setJump] = useState<{ seconds: number; key: number } | null>(null);
  const jumps = useRef(0);
  const jumpTo = useCallback((seconds: number) => setJump({ seconds, key: (jumps.current += 1) }), []);
  const noteText = useRef<() => void>(() => undefined);

  const notesByLine = useMemo(() => {
    const map = new Map<string, Note[]>();
    for (const note of notes) if (note.line_id) map.set(note.line_id, [...(map.get(note.line_id) ?? []), note]);
    return map;
  }, [notes]);
  const turnByLine = useMemo(() => new Map<string, TurnTiming>(turns.filter((t) => t.line_id).map((t) => [t.line_id as string, t])), [turns]);
  const pinTo = useCallback((lineId: string) => {
    setTarget(lineId);
    noteText.current();
  }, []);
  const renderAside = useCallback(
    (line: TranscriptLine, index: number) => {
      const id = lineIdOf(line);
      const turn = turnByLine.get(id);
      const pinned = notesByLine.get(id) ?? NO_NOTES;
      if (!turn && pinned.length === 0 && !(mayPin && notesReady)) return null;
      return <LineAside line={line} index={index} turn={turn} notes={pinned} onPin={mayPin && notesReady ? pinTo : undefined} />;
    },
    [turnByLine, notesByLine, mayPin, notesReady, pinTo],
  );

  return (
    <div className={side ? 'review-workspace' : 'review-workspace no-side'}>
      <div className="review-main">
        <ConversationReview
          player={player}
          recordings={recordings}
          lines={lines}
          renderAside={renderAside}
          playerAside={<NoteMarkers notes={notes} duration={duration} onJump={jumpTo} />}
          jumpTo={jump}
        />
      </div>
      {side && (
        <aside className="review-side" aria-label="Evaluation">
          <EvaluationPanel conversationId={conversationId} />
        </aside>
      )}
      <div className="review-extras">
        {missing.length > 0 && <p className="review-note">{`${phraseOf(missing)} are not available on this server.`}</p>}
        {mayEvaluate && (
          <NotesPanelWithFocus
            focus={noteText}
            conversationId={conversationId}
            lines={lines ?? []}
            target={target || (lines?.[0] ? lineIdOf(lines[0]) : MOMENT)}
            onTarget={setTarget}
            currentSeconds={() => player.getSnapshot().context.currentTime}
            hasAudio={hasAudio}
            onJump={jumpTo}
            mayPin={mayPin}
          />
        )}
        <TurnLatency conversationId={conversationId} lines={lines ?? []} onJump={jumpTo} />
      </div>
    </div>
  );
}

/** The notes panel, whose note box takes the focus when a line's "Pin note" is pressed. */
function NotesPanelWithFocus({ focus, mayPin, ...props }: Parameters<typeof NotesPanel>[0] & { focus: React.MutableRefObject<() => void>; mayPin: boolean }) {
  focus.current = () => requestAnimationFrame(() => document.getElementById('note-text')?.focus());
  return <NotesPanel {...props} mayPin={mayPin} />;
}
