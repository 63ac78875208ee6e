// Fills in and checks debug configurations before a session starts: F5 without launch.json
// debugs the active .sym or .vpr file; invalid arguments are reported here, with the launch.json open.

import * as vscode from 'vscode';
import { validateLaunchArgs } from '../../src/adapter/launchSchema';
import { defaultLaunchConfiguration, isDebuggableLanguage, isEmptyConfiguration } from './launchConfiguration';

export class SymConfigurationProvider implements vscode.DebugConfigurationProvider {
  resolveDebugConfiguration(
    _folder: vscode.WorkspaceFolder | undefined,
    config: vscode.DebugConfiguration,
  ): vscode.ProviderResult<vscode.DebugConfiguration> {
    if (!isEmptyConfiguration(config)) return config;
    const document = vscode.window.activeTextEditor?.document;
    if (document === undefined || !isDebuggableLanguage(document.languageId)) {
      void vscode.window.showErrorMessage(
        'symdap: open a .sym or .vpr file to debug it, or add a launch configuration.',
      );
      return undefined;
    }
    return { ...defaultLaunchConfiguration(document.fileName) };
  }

  // Runs after ${file} and friends are substituted, so the adapter's own validation is mirrored exactly.
  resolveDebugConfigurationWithSubstitutedVariables(
    _folder: vscode.WorkspaceFolder | undefined,
    config: vscode.DebugConfiguration,
  ): vscode.ProviderResult<vscode.DebugConfiguration> {
    const { errors, warnings } = validateLaunchArgs(config);
    for (const warning of warnings) void vscode.window.showWarningMessage(`symdap: ${warning}`);
    if (errors.length === 0) return config;
    void vscode.window.showErrorMessage(`symdap: ${errors.join('; ')}`);
    return null; // null (unlike undefined) also opens launch.json at the configuration
  }
}
