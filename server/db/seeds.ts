import type { Database } from './connection';
import { seedConversationReports } from './seeds/conversationReports';
import { seedConversations } from './seeds/conversations';
import { seedResources } from './seeds/resources';
import { seedReviews } from './seeds/reviews';

/**
 * Demo data of each area, run once on an empty database after the core accounts, roles and
 * users exist (same transaction). An area adds its seeder here; seeders are synchronous and
 * deterministic (no Math.random: tests rely on the same rows every time).
 */
export const areaSeeders: ReadonlyArray<(db: Database) => void> = [seedConversations, seedResources, seedConversationReports, seedReviews];
