/**
 * What the seeded conversations say: a few everyday scenarios, each a transcript of bot and caller
 * lines. The voice conversations' recordings speak these lines (speech/), so editing one means
 * running `npm run seed:speech` to refresh speech/lineSamples.json.
 */
export interface Scenario {
  intent: string;
  disposition: string;
  lines: Array<['user' | 'bot', string]>;
  summary: string;
}

export const SCENARIOS: readonly Scenario[] = [
  {
    intent: 'appointment',
    disposition: 'Appointment booked',
    summary: 'Caller booked an appointment for next week; confirmation sent by SMS.',
    lines: [
      ['bot', 'Thanks for calling, how can I help you today?'],
      ['user', 'Hi, I would like to book an appointment for next week.'],
      ['bot', 'Of course. Which day suits you best?'],
      ['user', 'Tuesday afternoon if possible.'],
      ['bot', 'I have Tuesday at 2:30 PM available. Shall I book it?'],
      ['user', 'Yes please, that works perfectly.'],
      ['bot', 'Done. You will receive a confirmation by text message shortly.'],
      ['user', 'Great, thank you so much.'],
    ],
  },
  {
    intent: 'billing',
    disposition: 'Billing question resolved',
    summary: 'Caller asked about a duplicate charge; the bot explained the pending authorisation.',
    lines: [
      ['bot', 'Hello, you have reached billing support. What can I do for you?'],
      ['user', 'I think I was charged twice this month.'],
      ['bot', 'Let me check. I see one charge and one pending authorisation that will drop off.'],
      ['user', 'So I will not pay twice?'],
      ['bot', 'Correct, the pending one is released within three business days.'],
      ['user', 'Okay, that is a relief. Thanks.'],
    ],
  },
  {
    intent: 'order-status',
    disposition: 'Order status given',
    summary: 'Caller asked where their order is; it ships tomorrow.',
    lines: [
      ['bot', 'Hi, how can I help?'],
      ['user', 'Where is my order? It has been a week.'],
      ['bot', 'Could you give me your order number, please?'],
      ['user', 'It is 4 8 1 5 1 6.'],
      ['bot', 'Thank you. Your order leaves our warehouse tomorrow morning.'],
      ['user', 'Finally. Can you send me the tracking link?'],
      ['bot', 'Yes, I have emailed it to the address on file.'],
    ],
  },
  {
    intent: 'cancellation',
    disposition: 'Transferred to agent',
    summary: 'Caller wanted to cancel; transferred to a retention agent.',
    lines: [
      ['bot', 'Good afternoon, how may I help you?'],
      ['user', 'I want to cancel my subscription.'],
      ['bot', 'I am sorry to hear that. May I ask why you are leaving?'],
      ['user', 'It is too expensive for what I use.'],
      ['bot', 'I understand. Let me connect you with someone who can review your plan.'],
      ['user', 'Fine, but please be quick.'],
    ],
  },
  {
    intent: 'support',
    disposition: 'Callback scheduled',
    summary: 'Caller reported a login problem; a technician will call back.',
    lines: [
      ['bot', 'Technical support, how can I help?'],
      ['user', 'I cannot log in to the app since the update.'],
      ['bot', 'Have you tried resetting your password?'],
      ['user', 'Yes, twice. It still says my account is locked.'],
      ['bot', 'I have unlocked it and scheduled a technician to call you back today.'],
      ['user', 'This is frustrating, but thanks for the help.'],
    ],
  },
];
