import type { Http } from './http';
import { itemsOf, readItems, type RelationItem } from './relationItems';
import { roleSchema } from './schemas/role';

const enc = encodeURIComponent;

/** SPEC §7's user-specific calls, beside the users' standard CRUD (resources.ts). */
export function createUsersApi(http: Http) {
  return {
    async assignedRoles(userId: string, signal?: AbortSignal): Promise<RelationItem[]> {
      const response = await http.api.get(`/v1/users/${enc(userId)}/roles`, { signal });
      return itemsOf(readItems(roleSchema, response.data));
    },
    /** Roles a user may be given (GET /v1/user/roles). */
    async availableRoles(signal?: AbortSignal): Promise<RelationItem[]> {
      const response = await http.api.get('/v1/user/roles', { signal });
      return itemsOf(readItems(roleSchema, response.data));
    },
    /** PATCH replaces the user's roles with `roleIds`; the answer is the new list. */
    async updateRoles(userId: string, roleIds: string[], signal?: AbortSignal): Promise<RelationItem[]> {
      const response = await http.api.patch(`/v1/users/${enc(userId)}/roles`, { roles: roleIds.map(numericWhenPossible) }, { signal });
      return itemsOf(readItems(roleSchema, response.data));
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
