/**
 * npm run seed:speech — synthesises every line of the seeded scenarios with the real voices and
 * writes each line's length in samples to server/db/seeds/speech/lineSamples.json, which the
 * seed reads to place transcript times (see speechLayout.ts). Also warms the disk cache.
 */
import { writeFileSync } from 'node:fs';
import { SCENARIOS } from '../server/db/seeds/conversationScenarios';
import { lineAudio } from '../server/db/seeds/speech/lineCache';
import { LINE_SAMPLES_FILE } from '../server/db/seeds/speech/speechLayout';
import { lineKey } from '../server/db/seeds/speech/voices';

const started = performance.now();
const lengths: Record<string, number> = {};
for (const scenario of SCENARIOS) {
  for (const [role, text] of scenario.lines) {
    lengths[lineKey(role, text)] = (await lineAudio(role, text)).length;
  }
}
const sorted = Object.fromEntries(Object.entries(lengths).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(LINE_SAMPLES_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} lines in ${((performance.now() - started) / 1000).toFixed(1)} s → ${LINE_SAMPLES_FILE}`);
