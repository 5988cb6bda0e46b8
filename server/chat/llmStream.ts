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
 * any failure before or during the stream; the caller decides how to fall back.
 * `LLM_API_KEY` (environment) is sent as a Bearer token when set.
 */
export async function streamCompletion(
  persona: Persona & { llm: { baseUrl: string } },
  turns: LlmTurn[],
  onDelta: (delta: string) => void,
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const url = `${persona.llm.baseUrl.replace(/\/$/, '')}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (process.env.LLM_API_KEY) headers.authorization = `Bearer ${process.env.LLM_API_KEY}`;
  const body: Record<string, unknown> = { model: persona.llm.model, messages: turns, stream: true };
  if (persona.llm.temperature !== null) body.temperature = persona.llm.temperature;
  if (persona.llm.maxTokens !== null) body.max_tokens = persona.llm.maxTokens;
  const response = await fetchImpl(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
  if (!response.ok || !response.body) throw new Error(`The model answered HTTP ${response.status}.`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
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
