/**
 * Bot export files for the import tests and `npm run bench:api`: the largest file the import
 * accepts (every cap of server/http/routes/botTransfer.ts IMPORT_LIMITS at once) and variants.
 */
export interface ImportShape {
  agents: number;
  toolsPerAgent: number;
  /** Characters of instructions per agent (fills the file towards the byte cap). */
  instructionChars: number;
  /** A tag in every name, so two imports of different files do not de-duplicate into each other. */
  tag: string;
}

export function botFile(shape: ImportShape) {
  return {
    format: 'agent-portal.bot',
    version: 1,
    bot: { name: `Imported ${shape.tag}`, description: 'A large import', greeting: 'Hello.' },
    agents: Array.from({ length: shape.agents }, (_, a) => ({
      name: `Agent ${shape.tag} ${a}`,
      description: `Agent number ${a}`,
      instructions: { name: `Instructions ${shape.tag} ${a}`, instructions: `Answer as agent ${a}. `.padEnd(shape.instructionChars, 'x') },
      llm: { name: `Model ${shape.tag} ${a % 10}`, provider: 'openai-compatible', model: 'gpt-test', base_url: 'https://models.example.com/v1', temperature: 0.5, max_tokens: 512 },
      tools: Array.from({ length: shape.toolsPerAgent }, (_, t) => ({
        name: `Tool ${shape.tag} ${a}.${t}`,
        description: `Tool ${t} of every agent`,
        kind: 'function',
        parameters: { type: 'object', properties: { query: { type: 'string' } } },
      })),
    })),
  };
}

/** The maximum accepted import: 100 agents × 5 tools (500 tools), ~1.6 MB. */
export const MAX_IMPORT: Omit<ImportShape, 'tag'> = { agents: 100, toolsPerAgent: 5, instructionChars: 15_000 };
