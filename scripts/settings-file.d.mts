export declare const SERVICE_ENV_FILE: string;
export declare class SettingsFileError extends Error {}
export declare function readSettingsFile(file: string, name?: string): Record<string, string | undefined>;
export interface LoadedSettings {
  /** The file read, absolute; undefined when there was none. */
  file: string | undefined;
  /** Whether ENV_FILE named it (rather than the app folder's `.env`). */
  explicit: boolean;
}
export declare function loadSettingsFile(env?: Record<string, string | undefined>, folder?: string): LoadedSettings;
