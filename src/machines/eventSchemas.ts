import { z } from '../api/zod';

/**
 * Event schemas declared beside each machine's events (`<machine>.events.ts`, registered for the
 * inspector in src/inspector/eventSchemaRegistry.ts, so the first screen's bundle never carries
 * them). The machine inspector builds a form per event from them, so a tester sends `auth.submit`
 * by filling in an email and a password instead of writing JSON. `title` names what the event does in a
 * sentence ("sign-in was skipped"); `description` is the form's hint. Machines never read these.
 */
export type EventSchemas = Record<string, z.ZodMiniType>;

/** What a machine may declare itself in `setup({ schemas: { events } })`: the schemas, or a loader. */
export type EventSchemaSource = EventSchemas | (() => Promise<EventSchemas>);

/** An event's payload: its fields (the `type` is added by whoever sends it). */
export function eventSchema(title: string, description: string, shape: Record<string, z.ZodMiniType> = {}): z.ZodMiniType {
  return z.object(shape).check(z.meta({ title, description }));
}

/** One field of a payload with its label and hint for the form. */
export function field<T extends z.ZodMiniType>(schema: T, title: string, description?: string): T {
  return schema.check(z.meta(description ? { title, description } : { title })) as T;
}
