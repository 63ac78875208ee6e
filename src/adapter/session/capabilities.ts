// What the session tells a client in the initialize response: the DAP features it
// supports, its exception filters with their defaults, and (under a `symdap` key, for
// rich clients) the custom requests it answers.

import type { DebugProtocol } from '@vscode/debugprotocol';
import { EXCEPTION_FILTERS } from '../runtime/breakpoints';
import { CUSTOM_REQUESTS } from './customRequests';

export function capabilities(): DebugProtocol.Capabilities & { symdap: { customRequests: string[] } } {
  return {
    supportsConfigurationDoneRequest: true,
    supportsStepBack: true,
    supportsRestartFrame: true,
    supportsStepInTargetsRequest: true,
    supportsConditionalBreakpoints: true,
    supportsHitConditionalBreakpoints: true,
    supportsLogPoints: true,
    supportsExceptionInfoRequest: true,
    supportsGotoTargetsRequest: true,
    supportsEvaluateForHovers: true,
    supportsClipboardContext: true,
    supportsCompletionsRequest: true,
    supportsTerminateRequest: true,
    completionTriggerCharacters: [':', '$'],
    exceptionBreakpointFilters: EXCEPTION_FILTERS.map((f) => ({ ...f })),
    symdap: { customRequests: [...CUSTOM_REQUESTS, 'symdap/summary'] },
  };
}
