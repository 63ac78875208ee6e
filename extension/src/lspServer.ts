// The language server as the extension bundles it (dist/lspServer.js, next to the
// verification worker dist/verifyWorker.js it forks): the same server as `symdap lsp`.
import { serveStdio } from '../../src/lsp/serverMain';

void serveStdio().then((code) => process.exit(code));
