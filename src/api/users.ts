import type { Http } from './http';
import type { Pages } from './pages';
import { pagedReader, type RelationItem } from './relationItems';
import { roleSchema } from './schemas/role';

const enc = encodeURIComponent;

/** SPEC §7's user-specific calls, beside the users' standard CRUD (resources.ts). */
export function createUsersApi(http: Http) {
  const roles = pagedReader(http, roleSchema);
  return {
    /** A user's roles, every page of them (the PATCH below replaces the whole set). */
    assignedRoles: (userId: string, signal: AbortSignal): Promise<Pages<RelationItem>> => roles.read(`/v1/users/${enc(userId)}/roles`, {}, signal),
    moreRoles: (next: string, signal: AbortSignal): Promise<Pages<RelationItem>> => roles.more(next, {}, signal),
    /** Roles a user may be given (GET /v1/user/roles), every page of them. */
    async availableRoles(signal: AbortSignal): Promise<RelationItem[]> {
      return (await roles.read('/v1/user/roles', {}, signal)).items;
    },
    /** PATCH replaces the user's roles with `roleIds`; the answer is the new list (followed to its end when paged). */
    async updateRoles(userId: string, roleIds: string[], signal: AbortSignal): Promise<RelationItem[]> {
      const response = await http.api.patch(`/v1/users/${enc(userId)}/roles`, { roles: roleIds.map(numericWhenPossible) }, { signal });
      return (await roles.follow(response.data, {}, signal)).items;
    },
    async sendPasswordResetEmail(userId: string, signal?: AbortSignal): Promise<void> {
      await http.api.get(`/v1/users/${enc(userId)}/password-reset-email`, { signal });
    },
    async resendEmailVerification(userId: string, signal?: AbortSignal): Promise<void> {
      await http.api.get(`/v1/users/${enc(userId)}/resend-email-verification`, { signal });
    },
  };
}

/** The portal keeps ids as strings; SQL backends expect integers back. */
export function numericWhenPossible(id: string): string | number {
  return /^\d+$/.test(id) ? Number(id) : id;
}

export type UsersApi = ReturnType<typeof createUsersApi>;
