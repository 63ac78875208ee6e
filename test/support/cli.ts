// The symdap command line run in-process, as the CLI tests drive it: exit code and both streams.

import { main } from '../../src/cli/main';
import { bufferIO } from '../../src/cli/io';

export async function symdap(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = bufferIO();
  const code = await main(argv, io);
  return { code, out: io.stdout(), err: io.stderr() };
}
