import { z } from '../zod';
import { tolerant } from '../tolerant';
import { idSchema } from './common';
import { idList, looseList, looseNumber, nullableId, recordFields, text } from './record';

export const workflowStepSchema = z.looseObject({ name: text, action_id: nullableId });
export const workflowSchema = z.looseObject({
  ...recordFields,
  name: text,
  description: text,
  trigger: text,
  steps: looseList(workflowStepSchema),
  dispositions: idList,
  contacts: idList,
});
export type Workflow = z.infer<typeof workflowSchema>;

/** A contact's link to a workflow: SPEC §3 defines contact_id and workflow_id, the rest is "not shown". */
export const workflowContactSchema = z.looseObject({
  contact_id: nullableId,
  workflow_id: nullableId,
  status: text,
  scheduled_at: text,
  attempts: looseNumber,
  contact: tolerant(z.nullable(z.looseObject({ id: idSchema, name: text, phone_number: text }))),
});
export type WorkflowContact = z.infer<typeof workflowContactSchema>;
