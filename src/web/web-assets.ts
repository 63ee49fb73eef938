/**
 * The built front-end (Vite, `web/` → `dist/public/`): the explorer's HTML shell, the account
 * area's stylesheet, and the hashed files under `dist/public/assets/` (served as immutable).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `dist/public` of the project: the same from `src/web/` (tsx) and `dist/web/` (built). */
export function defaultWebAssetsDir(): string {
  return path.join(fileURLToPath(new URL('../../', import.meta.url)), 'dist', 'public');
}

export const ASSETS_URL_PREFIX = '/static/assets/';

export interface WebAssets {
  /** Where the hashed files are (served from there, whether or not a build is there yet). */
  assetsDir: string;
  /** URL of the account area's stylesheet, or null when not built. */
  stylesheet(): string | null;
  /** The explorer page's HTML (with placeholders), or null when not built. */
  explorerHtml(): string | null;
}

interface ManifestEntry {
  file: string;
  css?: string[];
}

export function loadWebAssets(dir: string = defaultWebAssetsDir()): WebAssets {
  const assetsDir = path.join(dir, 'assets');
  let cached: { mtimeMs: number; stylesheet: string | null; explorer: string | null } | undefined;
  // Re-read when a new build replaced the manifest (cheap stat; files are small).
  const current = () => {
    const manifestPath = path.join(dir, '.vite', 'manifest.json');
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(manifestPath).mtimeMs;
    } catch {
      return undefined;
    }
    if (cached?.mtimeMs === mtimeMs) return cached;
    let manifest: Record<string, ManifestEntry>;
    try {
      manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestEntry>;
    } catch {
      return cached; // a build is writing it: keep what was read before
    }
    const style = manifest['styles/account.css'];
    let explorer: string | null = null;
    try {
      explorer = fs.readFileSync(path.join(dir, 'explorer', 'index.html'), 'utf8');
    } catch {
      explorer = null;
    }
    cached = { mtimeMs, stylesheet: style ? `/static/${style.file}` : null, explorer };
    return cached;
  };
  return {
    assetsDir,
    stylesheet: () => current()?.stylesheet ?? null,
    explorerHtml: () => current()?.explorer ?? null,
  };
}
