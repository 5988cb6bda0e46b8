/**
 * The words the resource seeder builds its demo rows from. Plain data, kept apart from the
 * seeding logic so either can be read on its own.
 */

export const DISPOSITIONS: readonly [string, string][] = [
  ['Resolved', 'The caller’s question was answered in full.'],
  ['Appointment booked', 'A slot was booked and a confirmation sent.'],
  ['Callback scheduled', 'The caller asked to be called back later.'],
  ['Transferred to agent', 'Handed to a human agent.'],
  ['Billing question resolved', 'Charges explained or corrected.'],
  ['Order status given', 'Shipping status and tracking shared.'],
  ['Refund requested', 'A refund request was opened.'],
  ['Complaint logged', 'A complaint was recorded for follow-up.'],
  ['Wrong number', 'The caller did not mean to reach us.'],
  ['Voicemail left', 'Nobody answered; a message was left.'],
  ['No answer', 'The call rang out.'],
  ['Do not call', 'The contact asked not to be called again.'],
  ['Sale closed', 'The contact bought on the call.'],
  ['Quote sent', 'A quote went out by email.'],
  ['Not interested', 'The contact declined the offer.'],
  ['Follow-up needed', 'Needs another touch from the team.'],
  ['Technical issue escalated', 'Escalated to second-line support.'],
  ['Password reset', 'The caller’s password was reset.'],
  ['Account updated', 'Contact or billing details changed.'],
  ['Cancellation saved', 'The customer decided to stay.'],
  ['Cancellation processed', 'The subscription was cancelled.'],
  ['Survey completed', 'The caller completed the satisfaction survey.'],
  ['Language barrier', 'Could not continue in a shared language.'],
  ['Hung up', 'The caller ended the call early.'],
];

export const SCORECARDS: readonly [string, [string, number][]][] = [
  ['Customer service basics', [['Greeting', 10], ['Empathy', 30], ['Resolution', 40], ['Closing', 20]]],
  ['Sales call quality', [['Discovery questions', 30], ['Value proposition', 30], ['Handling objections', 25], ['Next step agreed', 15]]],
  ['Compliance check', [['Identity verified', 40], ['Disclosures read', 40], ['Consent recorded', 20]]],
  ['Appointment booking', [['Availability offered', 40], ['Details confirmed', 40], ['Reminder set', 20]]],
  ['Technical support', [['Problem understood', 30], ['Troubleshooting steps', 40], ['Outcome explained', 30]]],
  ['Billing accuracy', [['Account located', 20], ['Charges explained', 50], ['Follow-up offered', 30]]],
  ['Escalation handling', [['Escalation reason clear', 50], ['Warm handover', 50]]],
  ['Retention', [['Reason for leaving found', 40], ['Offer made', 40], ['Tone', 20]]],
  ['First contact resolution', [['Resolved without transfer', 70], ['No repeat contact', 30]]],
  ['Tone and politeness', [['Polite language', 50], ['Patience', 50]]],
];

export const LLMS: readonly { name: string; provider: string; model: string; base_url: string | null; temperature: number; max_tokens: number }[] = [
  // The demo bot's model: no base_url, so the chat gateway answers with its built-in demo replies.
  { name: 'Demo assistant (offline)', provider: 'openai-compatible', model: 'demo-assistant', base_url: null, temperature: 0.3, max_tokens: 512 },
  { name: 'GPT-4o (production)', provider: 'openai', model: 'gpt-4o', base_url: null, temperature: 0.4, max_tokens: 1024 },
  { name: 'GPT-4o mini (fast)', provider: 'openai', model: 'gpt-4o-mini', base_url: null, temperature: 0.5, max_tokens: 768 },
  { name: 'Claude Sonnet', provider: 'anthropic', model: 'claude-sonnet-4-5', base_url: null, temperature: 0.3, max_tokens: 2048 },
  { name: 'Claude Haiku', provider: 'anthropic', model: 'claude-haiku-4-5', base_url: null, temperature: 0.5, max_tokens: 1024 },
  { name: 'Azure GPT-4o (EU)', provider: 'azure-openai', model: 'gpt-4o', base_url: 'https://portal-eu.openai.azure.com/openai/deployments/gpt-4o', temperature: 0.4, max_tokens: 1024 },
  { name: 'Local Llama 3.1 8B', provider: 'openai-compatible', model: 'llama3.1:8b', base_url: 'http://127.0.0.1:11434/v1', temperature: 0.7, max_tokens: 1024 },
  { name: 'Local Qwen 2.5 7B', provider: 'openai-compatible', model: 'qwen2.5:7b', base_url: 'http://127.0.0.1:11434/v1', temperature: 0.6, max_tokens: 1024 },
  { name: 'vLLM Mistral 7B', provider: 'openai-compatible', model: 'mistralai/Mistral-7B-Instruct-v0.3', base_url: 'http://vllm.internal:8000/v1', temperature: 0.5, max_tokens: 1024 },
  { name: 'GPT-4.1 (long context)', provider: 'openai', model: 'gpt-4.1', base_url: null, temperature: 0.2, max_tokens: 4096 },
];

export const INSTRUCTIONS: readonly [string, string][] = [
  ['Friendly receptionist', 'You are a warm, concise receptionist. Greet the caller, find out what they need, and route or answer in at most two sentences.'],
  ['Appointment scheduler', 'You book, move and cancel appointments. Always confirm the date, time and the caller’s name before booking.'],
  ['Billing assistant', 'You explain invoices and charges. Never read out full card numbers. Offer a callback from billing for disputes.'],
  ['Order tracker', 'You look up orders by number and give the shipping status and the expected delivery date.'],
  ['Tech support tier 1', 'You guide callers through basic troubleshooting: restart, check cables, update the app. Escalate if two steps fail.'],
  ['Sales qualifier', 'You qualify inbound leads: company size, budget, timeline. Be friendly, not pushy. Offer a demo when the lead fits.'],
  ['Retention specialist', 'You help customers who want to cancel. Find the reason, offer one relevant option, and respect a firm no.'],
  ['Survey taker', 'You run a three-question satisfaction survey and thank the caller. Do not argue with low scores.'],
  ['Complaint handler', 'You listen, apologise once, summarise the complaint back to the caller and promise a reply within two business days.'],
  ['After-hours line', 'The office is closed. Take a message with name, number and reason, and say when the office reopens.'],
  ['Password reset helper', 'You verify identity with two facts on file, then trigger a password reset link by email.'],
  ['Outbound reminder', 'You call to remind contacts of their appointment tomorrow and ask them to confirm or reschedule.'],
];

export const TOOLS: readonly { name: string; kind: string; description: string; parameters: Record<string, unknown> }[] = [
  { name: 'Look up order', kind: 'http', description: 'Fetches an order by number.', parameters: { method: 'GET', url: 'https://api.example.com/orders/{order_number}' } },
  { name: 'Book appointment', kind: 'function', description: 'Books a calendar slot.', parameters: { name: 'book_appointment', arguments: { date: 'string', time: 'string', name: 'string' } } },
  { name: 'Cancel appointment', kind: 'function', description: 'Cancels a booking.', parameters: { name: 'cancel_appointment', arguments: { booking_id: 'string' } } },
  { name: 'Transfer to billing', kind: 'transfer', description: 'Warm transfer to the billing queue.', parameters: { destination: 'queue:billing' } },
  { name: 'Transfer to human', kind: 'transfer', description: 'Warm transfer to the next free agent.', parameters: { destination: 'queue:general' } },
  { name: 'End call', kind: 'hangup', description: 'Ends the call politely.', parameters: {} },
  { name: 'Send SMS confirmation', kind: 'http', description: 'Texts a confirmation to the caller.', parameters: { method: 'POST', url: 'https://api.example.com/sms' } },
  { name: 'Create support ticket', kind: 'http', description: 'Opens a ticket in the helpdesk.', parameters: { method: 'POST', url: 'https://helpdesk.example.com/api/tickets' } },
  { name: 'Check account balance', kind: 'function', description: 'Reads the current balance.', parameters: { name: 'account_balance', arguments: { account_number: 'string' } } },
  { name: 'Look up customer', kind: 'http', description: 'Finds a customer by phone number.', parameters: { method: 'GET', url: 'https://crm.example.com/customers?phone={phone}' } },
  { name: 'Log call outcome', kind: 'function', description: 'Writes the disposition to the CRM.', parameters: { name: 'log_outcome', arguments: { disposition: 'string' } } },
  { name: 'Send password reset', kind: 'http', description: 'Sends a reset link by email.', parameters: { method: 'POST', url: 'https://auth.example.com/reset' } },
];

export const ACTIONS: readonly { name: string; kind: string; description: string; config: Record<string, unknown> }[] = [
  { name: 'Notify CRM', kind: 'webhook', description: 'Posts the call summary to the CRM.', config: { url: 'https://crm.example.com/hooks/calls', method: 'POST' } },
  { name: 'Email transcript to team', kind: 'email', description: 'Mails the transcript to the team inbox.', config: { to: 'team@example.com', subject: 'Call transcript' } },
  { name: 'SMS follow-up', kind: 'sms', description: 'Texts the contact a thank-you note.', config: { template: 'Thanks for your call! Reply STOP to opt out.' } },
  { name: 'Transfer to supervisor', kind: 'transfer', description: 'Hands the call to a supervisor.', config: { destination: 'queue:supervisors' } },
  { name: 'Slack alert', kind: 'webhook', description: 'Alerts the on-call channel.', config: { url: 'https://hooks.slack.example.com/services/T000/B000/XXXX', method: 'POST' } },
  { name: 'Email quote', kind: 'email', description: 'Sends the quote PDF.', config: { to: '{contact.email}', subject: 'Your quote' } },
  { name: 'Appointment reminder SMS', kind: 'sms', description: 'Texts a reminder the day before.', config: { template: 'Reminder: your appointment is tomorrow at {time}.' } },
  { name: 'Update ticket', kind: 'webhook', description: 'Adds the outcome to the helpdesk ticket.', config: { url: 'https://helpdesk.example.com/api/tickets/{ticket}', method: 'PATCH' } },
  { name: 'Escalate to billing', kind: 'transfer', description: 'Transfers to the billing desk.', config: { destination: 'queue:billing' } },
  { name: 'Survey invitation', kind: 'email', description: 'Invites the contact to a survey.', config: { to: '{contact.email}', subject: 'How did we do?' } },
  { name: 'Opt-out confirmation', kind: 'sms', description: 'Confirms a do-not-call request.', config: { template: 'You will not be called again.' } },
];

export const WORKFLOWS: readonly { name: string; trigger: string; description: string }[] = [
  { name: 'Inbound support triage', trigger: 'inbound_call', description: 'Greets, identifies and routes support calls.' },
  { name: 'Appointment reminders', trigger: 'schedule', description: 'Calls contacts the day before their appointment.' },
  { name: 'Lead follow-up', trigger: 'outbound_call', description: 'Calls new leads within an hour.' },
  { name: 'Website chat concierge', trigger: 'chat', description: 'Answers website visitors and books demos.' },
  { name: 'Renewal campaign', trigger: 'outbound_call', description: 'Reaches customers whose plan renews this month.' },
  { name: 'After-hours voicemail', trigger: 'inbound_call', description: 'Takes messages when the office is closed.' },
  { name: 'Satisfaction survey', trigger: 'schedule', description: 'Surveys callers the day after their call.' },
  { name: 'Billing questions', trigger: 'inbound_call', description: 'Answers invoice questions and escalates disputes.' },
  { name: 'Win-back outreach', trigger: 'outbound_call', description: 'Calls former customers with an offer.' },
  { name: 'Order status chat', trigger: 'chat', description: 'Tracks orders in the chat widget.' },
  { name: 'Payment reminders', trigger: 'schedule', description: 'Reminds contacts of overdue invoices.' },
];

export const AGENT_ROLES = [
  'Front desk', 'Scheduler', 'Billing', 'Order desk', 'Support tier 1', 'Qualifier', 'Retention', 'Survey', 'Complaints',
  'After hours', 'Account security',
] as const;

export const BOT_NAMES = [
  'Support Line', 'Booking Assistant', 'Billing Helper', 'Order Tracker', 'Tech Helpdesk', 'Lead Qualifier', 'Retention Desk',
  'Survey Caller', 'Complaints Line', 'Night Line', 'Reminder Caller', 'Chat Concierge', 'Renewals', 'Win-back', 'Payments',
  'Reception', 'Priority Line', 'Spanish Line', 'VIP Desk', 'Pilot Bot',
] as const;

export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Mateo', 'Isabella', 'Lucas', 'Mia', 'Amelia', 'Ethan', 'Harper',
  'Aiden', 'Evelyn', 'Priya', 'Kenji', 'Fatima', 'Diego', 'Chloe', 'Omar', 'Grace', 'Hiroshi', 'Zara', 'Samuel', 'Leila',
] as const;

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez',
  'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Patel', 'Nguyen', 'Kim', 'Okafor', 'Rossi',
  'Schmidt', 'Dubois', 'Silva', 'Cohen', 'Tanaka', 'Novak',
] as const;

export const FEEDBACK: readonly [number, string][] = [
  [5, 'Quick and friendly, booked my appointment in a minute.'],
  [5, 'The bot understood me straight away. Impressive.'],
  [4, 'Good answer, but I had to repeat my order number.'],
  [4, 'Helpful. Would like a text confirmation too.'],
  [3, 'Got there in the end, took a while.'],
  [3, 'It was fine, a bit robotic.'],
  [2, 'It did not understand my accent at first.'],
  [2, 'Transferred me twice before I reached billing.'],
  [1, 'Could not get a human on the line.'],
  [1, 'The call dropped in the middle of my question.'],
  [5, 'Sorted my billing issue without waiting on hold.'],
  [4, 'Clear explanation of the charges.'],
  [3, 'Okay, but the hold music was loud.'],
  [5, 'Better than the old phone menu by far.'],
  [2, 'Asked for my details three times.'],
];

export const CLIENT_NAMES = [
  'Web widget', 'iOS app', 'Android app', 'CRM connector', 'Helpdesk integration', 'Zapier', 'Internal dashboard', 'Partner API',
  'Kiosk', 'Call-center softphone', 'Slack app', 'Teams app', 'Salesforce sync', 'HubSpot sync', 'Data warehouse export',
  'QA tool', 'Marketing site', 'Status page', 'Billing system', 'Test harness',
] as const;

/** Extra roles per account, with what they grant (level 1: own account only). */
export const ROLE_TEMPLATES: readonly { name: string; description: string; models: readonly string[]; actions: 'read' | 'write' }[] = [
  { name: 'Supervisor', description: 'Reads every section of the account.', models: ['*'], actions: 'read' },
  { name: 'Team Lead', description: 'Manages contacts, feedback, workflows, dispositions and scorecards.', models: ['Contacts', 'Feedback', 'Workflows', 'Dispositions', 'Scorecards', 'Reporting'], actions: 'write' },
  { name: 'Bot Builder', description: 'Builds bots, agents, instructions, tools and LLM definitions.', models: ['Bots', 'Agents', 'AgentInstructions', 'Tools', 'LLMs'], actions: 'write' },
  { name: 'Analyst', description: 'Reads reports, feedback and call data.', models: ['Reporting', 'Feedback', 'Call-Data', 'Transcripts', 'Recordings', 'UsageSummaries'], actions: 'read' },
  { name: 'Telephony Manager', description: 'Manages instances, numbers and SIP credentials.', models: ['Instances', 'Sip-Credentials'], actions: 'write' },
  { name: 'Campaign Manager', description: 'Runs outbound campaigns: contacts, workflows and actions.', models: ['Contacts', 'Workflows', 'Actions'], actions: 'write' },
  { name: 'QA Reviewer', description: 'Reviews feedback and scorecards.', models: ['Feedback', 'Scorecards', 'Transcripts', 'Recordings'], actions: 'write' },
];

/**
 * Numbers on offer: fictional ranges (NANP 555-01xx, Ofcom drama numbers). `prefix` is every
 * digit but the last two; offers use 00–49, seeded instances 50–99, so they never collide.
 */
export const PHONE_AREAS: readonly { country: string; prefix: string; locality: string; region: string; cost: number; count: number }[] = [
  { country: 'US', prefix: '121255501', locality: 'New York', region: 'NY', cost: 1.15, count: 10 },
  { country: 'US', prefix: '131255501', locality: 'Chicago', region: 'IL', cost: 1.15, count: 10 },
  { country: 'US', prefix: '141555501', locality: 'San Francisco', region: 'CA', cost: 1.15, count: 10 },
  { country: 'US', prefix: '151255501', locality: 'Austin', region: 'TX', cost: 1.0, count: 10 },
  { country: 'US', prefix: '161755501', locality: 'Boston', region: 'MA', cost: 1.15, count: 10 },
  { country: 'US', prefix: '120655501', locality: 'Seattle', region: 'WA', cost: 1.0, count: 10 },
  { country: 'GB', prefix: '4420794600', locality: 'London', region: 'England', cost: 1.5, count: 10 },
  { country: 'GB', prefix: '4416149600', locality: 'Manchester', region: 'England', cost: 1.25, count: 9 },
  { country: 'GB', prefix: '4411349600', locality: 'Leeds', region: 'England', cost: 1.25, count: 9 },
  { country: 'GB', prefix: '4414149600', locality: 'Glasgow', region: 'Scotland', cost: 1.25, count: 9 },
  { country: 'GB', prefix: '4429201800', locality: 'Cardiff', region: 'Wales', cost: 1.25, count: 9 },
  { country: 'CA', prefix: '141655501', locality: 'Toronto', region: 'ON', cost: 1.3, count: 9 },
  { country: 'CA', prefix: '160455501', locality: 'Vancouver', region: 'BC', cost: 1.3, count: 9 },
  { country: 'CA', prefix: '151455501', locality: 'Montreal', region: 'QC', cost: 1.3, count: 9 },
  { country: 'CA', prefix: '140355501', locality: 'Calgary', region: 'AB', cost: 1.2, count: 9 },
  { country: 'CA', prefix: '161355501', locality: 'Ottawa', region: 'ON', cost: 1.2, count: 9 },
];
