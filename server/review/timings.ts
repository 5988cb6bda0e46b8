import type { Database } from '../db/connection';

/** `h:mm:ss.s` (the transcript's time) as seconds, two decimals. */
export function transcriptTimeSeconds(time: string): number {
  const [h = '0', m = '0', s = '0'] = time.split(':');
  return Math.round((Number(h) * 3600 + Number(m) * 60 + Number(s)) * 100) / 100;
}

/** One bot turn as the API shows it (docs/review-contract.md). */
export interface TurnTiming {
  line_id: number | null;
  position: number;
  time: string | null;
  latency_ms: number;
  stages: { stt_ms: number | null; llm_ms: number | null; tts_ms: number | null; tool_ms: number | null };
}

export function turnTimingsOf(db: Database, conversationId: number): TurnTiming[] {
  const rows = db
    .prepare(
      `SELECT t.line_id, t.position, l.time, t.latency_ms, t.stt_ms, t.llm_ms, t.tts_ms, t.tool_ms
       FROM conversation_turn_timings t LEFT JOIN conversation_transcript_lines l ON l.id = t.line_id
       WHERE t.conversation_id = ? ORDER BY t.position LIMIT 1000`,
    )
    .all(conversationId) as (Omit<TurnTiming, 'stages'> & TurnTiming['stages'])[];
  return rows.map((r) => ({
    line_id: r.line_id,
    position: r.position,
    time: r.time,
    latency_ms: r.latency_ms,
    stages: { stt_ms: r.stt_ms, llm_ms: r.llm_ms, tts_ms: r.tts_ms, tool_ms: r.tool_ms },
  }));
}
