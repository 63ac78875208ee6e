// The launch configuration used when there is no launch.json: debug the active .sym or .vpr file.
// Pure (no `vscode` import) so tests can validate it against the launch schema.

export interface DefaultLaunchConfiguration {
  readonly type: 'symdap';
  readonly request: 'launch';
  readonly name: string;
  readonly program: string;
  readonly stopOnEntry: boolean;
}

export function defaultLaunchConfiguration(program: string): DefaultLaunchConfiguration {
  return { type: 'symdap', request: 'launch', name: 'Debug symbolically', program, stopOnEntry: true };
}

/** A configuration VS Code passes when F5 is pressed with no launch.json has none of these. */
export function isEmptyConfiguration(config: {
  readonly type?: unknown;
  readonly request?: unknown;
  readonly name?: unknown;
}): boolean {
  return config.type === undefined && config.request === undefined && config.name === undefined;
}

/** The editor languages F5 without launch.json debugs: Sym, and Viper (the adapter reads a .vpr file as Viper). */
export const DEBUGGABLE_LANGUAGES: readonly string[] = ['sym', 'viper'];

export function isDebuggableLanguage(languageId: string | undefined): boolean {
  return languageId !== undefined && DEBUGGABLE_LANGUAGES.includes(languageId);
}
