import { z } from '../zod';

export const phoneCountrySchema = z.looseObject({ code: z.string(), name: z.string(), dial_code: z.optional(z.string()) });
export type PhoneCountry = z.infer<typeof phoneCountrySchema>;

export const availablePhoneNumberSchema = z.looseObject({
  phone_number: z.string(),
  locality: z.optional(z.nullable(z.string())),
  region: z.optional(z.nullable(z.string())),
  monthly_cost: z.optional(z.nullable(z.number())),
});
export type AvailablePhoneNumber = z.infer<typeof availablePhoneNumberSchema>;

const count = z.optional(z.number());
export const slotsBriefSchema = z.looseObject({
  dispositions: z.optional(z.looseObject({ assigned: count, available: count })),
  scorecards: z.optional(z.looseObject({ assigned: count, available: count })),
});
export type SlotsBrief = z.infer<typeof slotsBriefSchema>;
