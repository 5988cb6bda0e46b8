import { coreMigrations, type Migration } from './migrations';
import { accountMigrations } from './migrations/account';
import { authHardeningMigrations } from './migrations/authHardening';
import { chatMigrations } from './migrations/chat';
import { reportingMigrations } from './migrations/reporting';
import { resourceMigrations } from './migrations/resources';
import { reviewMigrations } from './migrations/review';
import { securityMigrations } from './migrations/security';
import { ssoMigrations } from './migrations/sso';
import { twoFactorMigrations } from './migrations/twoFactor';

/**
 * Every area's migrations, in the order a fresh database runs them. An area adds its list here
 * (one import, one spread) and keeps the SQL in `server/db/migrations/<area>.ts`. Cross-area
 * references are plain integer columns, so the order between areas never matters for a schema.
 */
export const migrations: readonly Migration[] = [
  ...coreMigrations,
  ...reportingMigrations,
  ...resourceMigrations,
  ...accountMigrations,
  ...twoFactorMigrations,
  ...ssoMigrations,
  ...securityMigrations,
  ...reviewMigrations,
  ...authHardeningMigrations,
  ...chatMigrations,
];
