import { z } from '../zod';

export const modelPermissionSchema = z.object({
  browse: z._default(z.boolean(), false),
  read: z._default(z.boolean(), false),
  edit: z._default(z.boolean(), false),
  add: z._default(z.boolean(), false),
  delete: z._default(z.boolean(), false),
  level: z._default(z.number(), 0),
});

export const permissionsSchema = z.catchall(
  z.object({ Global: z.optional(z.object({ access: z.boolean() })) }),
  modelPermissionSchema,
);

export type ModelPermission = z.infer<typeof modelPermissionSchema>;
export type PermissionAction = 'browse' | 'read' | 'edit' | 'add' | 'delete';
export interface Permissions {
  Global?: { access: boolean };
  [model: string]: ModelPermission | { access: boolean } | undefined;
}
