import { outboundPolicyFromEnv, postOutbound, type OutboundPolicy } from './outboundPolicy';
import type { Persona } from './persona';

export interface LlmTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Whether the persona's LLM is one the gateway can stream from. */
export function streamableLlm(persona: Persona): persona is Persona & { llm: { baseUrl: string } } {
  return persona.llm?.provider === 'openai-compatible' && !!persona.llm.baseUrl;
}

/**
 * Streams a chat completion from an OpenAI-compatible endpoint (`POST {base_url}/chat/completions`
 * with `stream: true`, server-sent events), calling `onDelta` for each content piece. Rejects on
 * any failure before or during the stream; the caller decides how to fall back. The request
 * goes out under `policy` (outboundPolicy.ts: no private addresses, the record's own API key).
 */
export async function streamCompletion(
  persona: Persona & { llm: { baseUrl: string } },
  turns: LlmTurn[],
  onDelta: (delta: string) => void,
  signal: AbortSignal,
  policy: OutboundPolicy = outboundPolicyFromEnv(),
): Promise<void> {
  const url = `${persona.llm.baseUrl.replace(/\/$/, '')}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  const body: Record<string, unknown> = { model: persona.llm.model, messages: turns, stream: true };
  if (persona.llm.temperature !== null) body.temperature = persona.llm.temperature;
  if (persona.llm.maxTokens !== null) body.max_tokens = persona.llm.maxTokens;
  const response = await postOutbound(url, { headers, body: JSON.stringify(body), apiKey: persona.llm.apiKey ?? null, signal }, policy);
  if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) >= 300) {
    response.resume();
    throw new Error(`The model answered HTTP ${response.statusCode}.`);
  }
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    // A stream without newlines must not grow without bound.
    if (buffer.length > 1_000_000) throw new Error('The model sent an oversized event.');
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return;
      const delta = contentOf(data);
      if (delta) onDelta(delta);
    }
  }
}

function contentOf(data: string): string | undefined {
  try {
    const parsed = JSON.parse(data) as { choices?: { delta?: { content?: unknown } }[] };
    const content = parsed.choices?.[0]?.delta?.content;
    return typeof content === 'string' ? content : undefined;
  } catch {
    return undefined;
  }
}
