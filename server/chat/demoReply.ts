import type { Persona } from './persona';

/** The first sentence of the instructions, shortened: what the demo bot "knows" about its role. */
function roleLine(instructions: string): string {
  const first = instructions.split(/(?<=[.!?])\s+/)[0] ?? instructions;
  return first.length > 160 ? `${first.slice(0, 157)}…` : first;
}

/**
 * The demo bot's answer: deterministic, derived from the agent instructions and the message, so
 * tests and testers can predict it without any model.
 */
export function demoReply(persona: Persona, message: string): string {
  const quoted = message.length > 200 ? `${message.slice(0, 197)}…` : message;
  return `${persona.name} here. You said: “${quoted}”. My instructions: ${roleLine(persona.instructions)}`;
}

/** Splits text into streaming deltas (a word and its following space each), keeping every character. */
export function toDeltas(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}
