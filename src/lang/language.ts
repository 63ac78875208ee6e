// Which front end reads a file: Viper (Silver) for `.vpr`, Sym otherwise; `--lang` overrides.

export type SourceLanguage = 'sym' | 'viper';

export const LANGUAGES: readonly SourceLanguage[] = ['sym', 'viper'];

export function languageOf(file: string): SourceLanguage {
  return /\.vpr$/i.test(file) ? 'viper' : 'sym';
}
