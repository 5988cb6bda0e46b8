import { z } from '../zod';
import { idSchema } from './common';
import { idList, nullableId, recordFields, text } from './record';

export const workflowStepSchema = z.looseObject({ name: z.string(), action_id: nullableId });
export const workflowSchema = z.looseObject({
  ...recordFields,
  name: z.string(),
  description: text,
  trigger: z.optional(z.string()),
  steps: z.optional(z.array(workflowStepSchema)),
  dispositions: idList,
  contacts: idList,
});
export type Workflow = z.infer<typeof workflowSchema>;

/** A contact's link to a workflow (docs/resources-contract.md). */
export const workflowContactSchema = z.looseObject({
  contact_id: nullableId,
  workflow_id: nullableId,
  status: z.optional(z.string()),
  scheduled_at: text,
  attempts: z.optional(z.nullable(z.number())),
  contact: z.optional(z.nullable(z.looseObject({ id: idSchema, name: text, phone_number: text }))),
});
export type WorkflowContact = z.infer<typeof workflowContactSchema>;
