// What a DAP client's recipe does with a .vpr file (samples/viper/lost_permission.vpr): launch
// with the configuration it registered for Viper, continue past the stop on entry and any other
// procedure's stop (a .vpr is verified modularly: one root thread per method) to the failure at
// line 18, read exceptionInfo (Viper's error id), disconnect.

import * as path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { withTimeout, type MessageClient } from '../adapter/transportSupport';
import { ok, stopAfter, type ClientProfile, type Stop } from './clientReplay';
import { ROOT } from './readmeRecipes';

export const VIPER_PROGRAM = path.join(ROOT, 'samples', 'viper', 'lost_permission.vpr');
export const VIPER_FAILURE_LINE = 18;
export const VIPER_ERROR_ID = 'assert.failed:insufficient.permission';

export interface ViperReplay {
  readonly failure: Stop;
  readonly exceptionInfo: DebugProtocol.ExceptionInfoResponse['body'];
}

export async function replayViper(
  c: MessageClient,
  p: ClientProfile,
  launchArguments: Record<string, unknown>,
): Promise<ViperReplay> {
  const initialized = c.waitForEvent('initialized', 30_000);
  await ok(c, 'initialize', p.initialize);
  let stop = stopAfter(c, '', undefined);
  const launched = withTimeout(c.request({ command: 'launch', arguments: launchArguments }), 60_000, 'launch');
  await initialized;
  if (p.exceptionFilters) await ok(c, 'setExceptionBreakpoints', { filters: p.exceptionFilters });
  await ok(c, 'configurationDone', p.noArguments);
  const launch = await launched;
  if (!launch.success) throw new Error(`launch failed: ${launch.message}`);
  for (let i = 0; i < 8; i++) {
    const s = await stop;
    if (s.reason === 'exception' && s.line === VIPER_FAILURE_LINE) {
      const info = (await ok(c, 'exceptionInfo', { threadId: s.threadId })) as DebugProtocol.ExceptionInfoResponse;
      await withTimeout(
        c.request({ command: 'disconnect', arguments: { restart: false, terminateDebuggee: true } }),
        30_000,
        'disconnect',
      );
      return { failure: s, exceptionInfo: info.body };
    }
    stop = stopAfter(c, 'continue', { threadId: s.threadId });
  }
  throw new Error(`no stop at line ${VIPER_FAILURE_LINE}`);
}
