import { fromPromise, type ActorRefFrom, type AnyActorLogic, type InputFrom } from 'xstate';
import { createAccountApi } from '../api/account';
import { createBotActionsApi } from '../api/bots';
import { createClientsApi } from '../api/clients';
import { createCallsApi, type PlaceCallInput, type PlacedCall, type Target } from '../api/calls';
import { readCookie } from '../api/cookies';
import type { Http } from '../api/http';
import { createPhoneNumbersApi } from '../api/phoneNumbers';
import type { Query } from '../api/query';
import { createRelationsApi, fetchSlotsBrief, itemsOf, RELATION_KEYS, type RelationKey } from '../api/relations';
import { createRecordingAudioApi } from '../api/recordingAudio';
import { lookupConversations, lookupRecords, pickerRecords } from '../api/references';
import { createReportingApi } from '../api/reporting';
import { createTwoFactorApi } from '../api/twoFactor';
import { isResourceKey, resourceApiFor, type ResourceKey } from '../api/resources';
import { createUsersApi } from '../api/users';
import { createChangeEmailFlow } from './account/changeEmail';
import { CHANGE_PASSWORD_SUMMARY, createChangePasswordFlow } from './account/changePassword';
import { createConfirmEmailFlow, createVerificationRequestFlow, createVerificationResendFlow, RESEND_SUMMARY, verificationCheckMachine } from './account/emailVerification';
import { createForgotPasswordFlow, FORGOT_PASSWORD_SUMMARY } from './account/forgotPassword';
import { createProfileInformationFlow } from './account/profileInformation';
import { createRegisterFlow } from './account/register';
import { createResetPasswordFlow } from './account/resetPassword';
import { createSettingsFlow } from './account/settings';
import { createTwoFactorSettingsFlow } from './account/twoFactorSettings';
import type { AccountFilterActor } from './accountFilter';
import { ACTOR_IDS, resourceActorId } from './actorIds';
import { callMachine } from './call';
import { clientListSystemId, createClientListMachine, type ClientListActor } from './clientList';
import { chatMachine, createChatSocketActor, type ChatActor, type ChatInput } from './chat';
import { createChatStore, keepChatsStored, type ChatStore } from './chatPersistence';
import { createConversationPlayerMachine, type ConversationPlayerActor } from './conversationPlayer';
import { createConversationReportMachine, type ConversationReportActor } from './conversationReport';
import { createConversationListMachine, type ConversationListActor } from './conversationReportList';
import { createOperation, type OperationActor } from './operation';
import { createPaletteMachine, RECORDS_PER_SECTION, type PaletteActor } from './palette';
import { createPreferencesMachine, type PreferencesActor } from './preferences';
import { createReferencesMachine, type ReferencesActor } from './references';
import { createRelationMachine, relationActorId, type RelationActor } from './relation';
import { createResourceMachine, defaultSave, type ResourceAction, type ResourceActor, type ResourceMachineDeps, type SectionActions } from './resource';
import { ensureSystemActor, releaseSystemActor, type SystemRoot } from './root';
import { createStatisticsMachine, type StatisticsActor } from './statistics';

/**
 * THE composition root of the portal's areas (resources, reporting, chat, calls, account flows):
 * the one module that builds the API implementations over the portal's transport and wires them
 * into the machines (`.provide()` or a factory's argument). The shell's own actors (auth,
 * navigation, account filter, dashboard) are wired in root.ts, which the first page needs; this
 * module loads with the first area page, so the areas stay out of the initial bundle.
 *
 * Views never build an API client: they open actors here by name and talk to them with events.
 */
export interface AreaOwner {
  root: SystemRoot;
  http: Http;
}

// ---- Resources (SPEC §7): one actor per section, its relation actors as children ----

/** Section-specific actions (SPEC §7) as extra operations of that section's resource actor. */
function sectionActions(http: Http, section: ResourceKey, save: NonNullable<ResourceMachineDeps['save']>): SectionActions {
  const bots = createBotActionsApi(http);
  const users = createUsersApi(http);
  const phones = createPhoneNumbersApi(http);
  const slotsBrief: ResourceAction = {
    summary: 'Error Loading Records',
    call: (id: string, signal) => fetchSlotsBrief(http, section as 'roles' | 'instances', id, signal),
  };
  switch (section) {
    case 'users':
      return {
        passwordResetEmail: { summary: 'Password Reset Email Failed', call: (id: string, signal) => users.sendPasswordResetEmail(id, signal) },
        resendVerification: { summary: 'Error resending email verification', call: (id: string, signal) => users.resendEmailVerification(id, signal) },
      };
    case 'bots':
      return {
        duplicate: { summary: 'Duplicate Record Failed', call: (id: string, signal) => bots.duplicate('bots', id, signal) },
        exportBot: {
          summary: 'Export Record Failed',
          call: async (id: string, signal) => {
            const file = await bots.exportBot(id, signal);
            save(file.blob, file.filename);
            return file.filename;
          },
        },
        import: {
          summary: 'Import Failed',
          // A file, or a file and the account it goes to (asked under "All accounts").
          call: (input: File | { file: File; accountId?: string }, signal) => {
            const { file, accountId } = input instanceof Blob ? { file: input, accountId: undefined } : input;
            return bots.importBot(file, file.name, signal, accountId);
          },
        },
      };
    case 'agents':
      return { duplicate: { summary: 'Duplicate Record Failed', call: (id: string, signal) => bots.duplicate('agents', id, signal) } };
    case 'instances':
      return {
        slotsBrief,
        countries: { summary: 'Error Loading Available Countries', call: (_: void, signal) => phones.countries(signal) },
        searchNumbers: {
          summary: 'Error Loading Available Phone Number',
          call: async ({ country, filters }: { country: string; filters?: Query }, signal) => itemsOf(await phones.search(country, filters ?? {}, signal)),
        },
        purchase: {
          summary: 'Error Purchasing Phone Number',
          updatesRecord: true,
          call: ({ instanceId, phoneNumber }: { instanceId: string; phoneNumber: string }, signal) => phones.purchase(instanceId, phoneNumber, signal),
        },
      };
    case 'roles':
      return { slotsBrief };
    default:
      return {};
  }
}

/** Builds a section's resource actor logic, with its relation actors as long-lived children. */
export function createResourceLogicFactory(http: Http, save?: ResourceMachineDeps['save']) {
  const relations = createRelationsApi(http);
  return (section: ResourceKey) => {
    const children: NonNullable<ResourceMachineDeps['children']> = {};
    for (const key of RELATION_KEYS.filter((k) => k.startsWith(`${section}.`))) {
      children[key] = { logic: createRelationMachine(key, relations[key]), systemId: relationActorId(key) };
    }
    return createResourceMachine({ section, api: resourceApiFor(http, section), actions: sectionActions(http, section, save ?? defaultSave), children, ...(save ? { save } : {}) });
  };
}

/** The section's long-lived resource actor (systemId `resource:<section>`), spawned by the root on first use. */
export function openResource(owner: AreaOwner, section: ResourceKey): ResourceActor {
  return ensureSystemActor<ResourceActor>(owner.root, resourceActorId(section), () => createResourceLogicFactory(owner.http)(section));
}

/** A relation's long-lived actor (a child of its owner section's resource actor). */
export function openRelation(owner: AreaOwner, key: RelationKey): RelationActor {
  const section = key.split('.')[0]!;
  if (isResourceKey(section)) openResource(owner, section);
  const actor = owner.root.system.get(relationActorId(key));
  if (!actor) throw new Error(`openRelation: no relation actor for ${key}`);
  return actor as RelationActor;
}

/** The clients list's actor (systemId `clients`; SPEC §7: read only). */
/** The user's theme and saved list views, kept in user settings (issue 30): one per session. */
export function openPreferences(owner: AreaOwner): PreferencesActor {
  return ensureSystemActor<PreferencesActor>(owner.root, ACTOR_IDS.preferences, () => createPreferencesMachine(createAccountApi(owner.http)));
}

/** The command palette's record search over `sections` (those the user may browse), alive while the palette is open. */
export function openPalette(owner: AreaOwner, sections: readonly string[]): PaletteActor {
  const browse = async (section: string, search: string, signal: AbortSignal) =>
    (await resourceApiFor(owner.http, section as ResourceKey).browse({ search, show: RECORDS_PER_SECTION }, signal)).data;
  return ensureSystemActor<PaletteActor>(owner.root, ACTOR_IDS.palette, () => createPaletteMachine(browse), { sections: sections.filter(isResourceKey) }, 'page');
}

export function closePalette(owner: AreaOwner): void {
  releaseSystemActor(owner.root, ACTOR_IDS.palette);
}

export function openClients(owner: AreaOwner): ClientListActor {
  return ensureSystemActor<ClientListActor>(owner.root, clientListSystemId, () => createClientListMachine(createClientsApi(owner.http)));
}

/** The system's reference cache (systemId `references`): linked records' names and account-scoped picker choices. */
export function openReferences(owner: AreaOwner): ReferencesActor {
  return ensureSystemActor<ReferencesActor>(owner.root, ACTOR_IDS.references, () =>
    createReferencesMachine({
      lookup: (section, ids, signal) => (section === 'conversations' ? lookupConversations(owner.http, ids, signal) : lookupRecords(owner.http, section, ids, signal)),
      options: (section, accountId, signal) => pickerRecords(owner.http, section, accountId, signal),
      // The account filter's list names every account the user sees: an Account column needs no lookup once it is in.
      known: (tell) => {
        const filter = owner.root.system.get(ACTOR_IDS.accountFilter) as AccountFilterActor | undefined;
        if (!filter) return () => {};
        const told = (snapshot: ReturnType<AccountFilterActor['getSnapshot']>) => {
          if (snapshot.matches('ready') && snapshot.context.accounts.length > 0) tell('accounts', snapshot.context.accounts);
        };
        told(filter.getSnapshot());
        const subscription = filter.subscribe(told);
        return () => subscription.unsubscribe();
      },
    }),
  );
}

/** The feedback form's conversation picker: the reporting conversations list searched by text (first 10), in one account when given. */
export function openConversationSearch(owner: AreaOwner): OperationActor {
  return ensureSystemActor<OperationActor>(
    owner.root,
    ACTOR_IDS.conversationSearch,
    () => {
      const api = createReportingApi(owner.http);
      return createOperation(
        async ({ search, accountId }: { search: string; accountId: string | null }, signal) =>
          (await api.conversations({ search, show: 10, page: 1, sort: '-started_at', ...(accountId ? { accountId } : {}) }, signal)).data,
      );
    },
    { summary: 'Error Loading Records' },
  );
}

// ---- Reporting (SPEC §8) ----

export interface ReportingActors {
  statistics: StatisticsActor;
  conversations: ConversationListActor;
  report: ConversationReportActor;
  /** The conversation page's recording player (its audio comes through the API with the session). */
  player: ConversationPlayerActor;
}

/** The reporting area's long-lived actors, spawned on the first reporting page of a session. */
export function openReporting(owner: AreaOwner): ReportingActors {
  const api = createReportingApi(owner.http);
  return {
    statistics: ensureSystemActor<StatisticsActor>(owner.root, ACTOR_IDS.statistics, () => createStatisticsMachine(api)),
    conversations: ensureSystemActor<ConversationListActor>(owner.root, ACTOR_IDS.conversationReports, () => createConversationListMachine(api)),
    report: ensureSystemActor<ConversationReportActor>(owner.root, ACTOR_IDS.conversationReport, () => createConversationReportMachine(api)),
    player: ensureSystemActor<ConversationPlayerActor>(owner.root, ACTOR_IDS.conversationPlayer, () => {
      const audio = createRecordingAudioApi(owner.http);
      return createConversationPlayerMachine((url, signal) => audio.audio(url, signal));
    }),
  };
}

// ---- Live chat and what it can target ----

export interface ChatOwner {
  root: SystemRoot;
  config: { chatUrl?: string; cookies: { chatSession: string } };
}

/** The signed-in user's id, read from the system's auth actor: stored chats belong to one user. */
function signedInUser(root: SystemRoot): string | null {
  const snapshot = root.system.get(ACTOR_IDS.auth)?.getSnapshot() as { context?: { user?: { id?: unknown } | null } } | undefined;
  const id = snapshot?.context?.user?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

function browserChatStore(): ChatStore | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : createChatStore(sessionStorage);
  } catch {
    return undefined; // storage refused (privacy settings): chats simply do not survive a reload
  }
}

/**
 * The system's chat actor (systemId `chat`), spawned by the root on first use of live chat and the
 * same one every time after. The chat session token is read at each connection attempt: a new
 * sign-in brings a new one. Its chats are kept in `store` (sessionStorage in a browser): after a
 * reload they come back and are resumed on the gateway at the first connection.
 */
export function openChat(
  portal: ChatOwner,
  store: ChatStore | undefined = browserChatStore(),
): ChatActor {
  const { chatUrl = '', cookies } = portal.config;
  const existing = portal.root.system.get(ACTOR_IDS.chat) as ChatActor | undefined;
  if (existing) return existing;
  const owner = () => signedInUser(portal.root);
  const user = owner();
  const input: ChatInput = { restored: store && user !== null ? store.load(user) : null };
  const chat = ensureSystemActor<ChatActor>(
    portal.root,
    ACTOR_IDS.chat,
    () => chatMachine.provide({ actors: { socket: createChatSocketActor({ url: chatUrl, token: () => readCookie(cookies.chatSession) }) } }),
    input,
  );
  if (store) keepChatsStored(chat, store, { owner, target: typeof window === 'undefined' ? undefined : window });
  return chat;
}

export type TargetKind = 'bots' | 'instances';

/** The bots or instances a chat or call can target (an operation whose output is `Target[]`). */
export function openTargets(owner: AreaOwner, kind: TargetKind): OperationActor {
  return ensureSystemActor<OperationActor>(
    owner.root,
    ACTOR_IDS.targets(kind),
    () => {
      const api = createCallsApi(owner.http);
      return createOperation((_input: void, signal): Promise<Target[]> => (kind === 'bots' ? api.listBots(signal) : api.listInstances(signal)));
    },
    { summary: kind === 'bots' ? 'Error Loading Bots' : 'Error Loading Instances' },
  );
}

// ---- Flows that live as long as their page: account flows (SPEC §5) and the outbound call ----

function createFlowLogic(http: Http) {
  const account = createAccountApi(http);
  const calls = createCallsApi(http);
  return {
    register: createRegisterFlow(account),
    resetPassword: createResetPasswordFlow(account),
    forgotPassword: createForgotPasswordFlow(account),
    verificationRequest: createVerificationRequestFlow(account),
    verificationResend: createVerificationResendFlow(account),
    verificationCheck: verificationCheckMachine,
    confirmEmail: createConfirmEmailFlow(account),
    changeEmail: createChangeEmailFlow(account),
    profileInformation: createProfileInformationFlow(account),
    changePasswordV1: createChangePasswordFlow(account, 'v1'),
    changePasswordFortify: createChangePasswordFlow(account, 'fortify'),
    accountSettings: createSettingsFlow(account),
    twoFactorSettings: createTwoFactorSettingsFlow(createTwoFactorApi(http)),
    outboundCall: callMachine.provide({
      actors: { placeCall: fromPromise<PlacedCall, PlaceCallInput>(({ input, signal }) => calls.placeCall(input, signal)) },
    }),
  } satisfies Record<string, AnyActorLogic>;
}

type FlowLogic = ReturnType<typeof createFlowLogic>;
export type FlowName = keyof FlowLogic;
export type FlowActor<N extends FlowName> = ActorRefFrom<FlowLogic[N]>;

/**
 * SPEC §8 summaries of the flows that are one operation: the flow owns its summary, the page
 * gives only what it knows (a token, a redirect). Flows that report to `auth` or `navigation`
 * find them by systemId (account/refs.ts), so no page hands them in either.
 */
const FLOW_SUMMARIES = {
  forgotPassword: FORGOT_PASSWORD_SUMMARY,
  verificationRequest: RESEND_SUMMARY,
  verificationResend: RESEND_SUMMARY,
  changePasswordV1: CHANGE_PASSWORD_SUMMARY,
  changePasswordFortify: CHANGE_PASSWORD_SUMMARY,
} satisfies Partial<Record<FlowName, string>>;

/** What a page opens its flow with: the flow's input less the summary the flow owns. */
export type FlowInput<N extends FlowName> = N extends keyof typeof FLOW_SUMMARIES ? void : InputFrom<FlowLogic[N]>;

const flowLogicByTransport = new WeakMap<Http, FlowLogic>();

/**
 * A page's flow as an actor of the system (systemId `flow:<name>`), so the inspector lists and
 * walks it. The page opens it and closes it when it goes: the next visit starts afresh.
 */
export function openFlow<N extends FlowName>(owner: AreaOwner, name: N, input: FlowInput<N>): FlowActor<N> {
  let logic = flowLogicByTransport.get(owner.http);
  if (!logic) flowLogicByTransport.set(owner.http, (logic = createFlowLogic(owner.http)));
  const summary = (FLOW_SUMMARIES as Partial<Record<FlowName, string>>)[name];
  return ensureSystemActor<FlowActor<N>>(owner.root, ACTOR_IDS.flow(name), () => logic[name], summary ? { summary } : input, 'page');
}

export function closeFlow(owner: Pick<AreaOwner, 'root'>, name: FlowName): void {
  releaseSystemActor(owner.root, ACTOR_IDS.flow(name));
}
