import type { ActorRefFrom, AnyActorLogic, InputFrom } from 'xstate';
import { createAccountApi } from '../../api/account';
import { createCallsApi } from '../../api/calls';
import type { Http } from '../../api/http';
import { createTwoFactorApi } from '../../api/twoFactor';
import { createChangeEmailFlow } from '../account/changeEmail';
import { CHANGE_PASSWORD_SUMMARY, createChangePasswordFlow } from '../account/changePassword';
import { createConfirmEmailFlow, createVerificationRequestFlow, createVerificationResendFlow, RESEND_SUMMARY, verificationCheckMachine } from '../account/emailVerification';
import { createForgotPasswordFlow, FORGOT_PASSWORD_SUMMARY } from '../account/forgotPassword';
import { createProfileInformationFlow } from '../account/profileInformation';
import { createRegisterFlow } from '../account/register';
import { createResetPasswordFlow } from '../account/resetPassword';
import { createSettingsFlow } from '../account/settings';
import { createTwoFactorSettingsFlow } from '../account/twoFactorSettings';
import { ACTOR_IDS } from '../actorIds';
import type { AreaOwner } from '../areas';
import { createCallMachine } from '../call';
import { ensureSystemActor, releaseSystemActor } from '../root';

/**
 * Flows that live as long as their page: the account flows (SPEC §5) and the outbound call.
 * Loaded by useFlow, which only the account, settings and call pages import.
 */

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
    outboundCall: createCallMachine((input, signal) => calls.placeCall(input, signal)),
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
