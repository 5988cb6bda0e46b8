import type { OperationFailure } from '../../machines/operation';

/** Laravel's `exists`/`in` rule message, as the API sends it for a foreign reference. */
const SELECTED_INVALID = /^The selected [\w .-]+ is invalid\.$/;

/** "The selected llm id is invalid." about `subject` ("LLM", "role") in plain words. */
export function plainReferenceMessage(message: string, subject: string): string {
  if (!SELECTED_INVALID.test(message.trim())) return message;
  return `Choose another ${subject}: the one selected belongs to another account or no longer exists.`;
}

/**
 * A failure whose foreign-reference messages name the field and the reason instead of the API's
 * column ("The selected roles.1 is invalid."): `subjectOf(key)` names a reference field
 * ("LLM"), or null for fields whose messages stay as they are (an enum's "selected status").
 */
export function withPlainReferenceErrors(error: OperationFailure | null, subjectOf: (fieldKey: string) => string | null): OperationFailure | null {
  if (!error || Object.keys(error.fieldErrors).length === 0) return error;
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const subject = subjectOf(key);
    fieldErrors[key] = subject ? [...new Set(messages.map((m) => plainReferenceMessage(m, subject)))] : messages;
  }
  const detail = [...new Set(Object.values(fieldErrors).flat())].join('\n');
  return { ...error, fieldErrors, detail };
}
