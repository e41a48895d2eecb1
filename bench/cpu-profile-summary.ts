// Reads a V8 .cpuprofile (from `node --cpu-prof`) and sums self time per function and per package, so
// a benchmark can print where a server's CPU went without opening DevTools.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  frames: Array<{ name: string; ms: number; share: number }>;
  packages: Array<{ name: string; ms: number; share: number }>;
}

/** `node_modules/<pkg>` (or `@scope/pkg`), `src/...` for our code, `node:` internals, or the special frames. */
function packageOf(url: string): string {
  if (url === '') return '(native / V8)';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules?.[1]) return inModules[1];
  const ours = /\/(src\/server\/[^/]+(?:\/[^/]+)?)\//.exec(url);
  if (ours?.[1]) return ours[1];
  if (url.startsWith('node:')) return 'node: internals';
  return url.replace(/^file:\/\/.*\/(bench|src)\//, '$1/');
}

const shortUrl = (url: string) => url.replace(/^file:\/\/.*?\/(node_modules|src|bench)\//, '$1/');

export function summarizeCpuProfile(path: string, top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  // Each sample's time is the delta to the next one; attributed to the sampled (leaf) frame.
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const frames = new Map<string, number>();
  const packages = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    total += us;
    const name = `${functionName || '(anonymous)'} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ''}`.trim();
    frames.set(name, (frames.get(name) ?? 0) + us);
    const pkg = packageOf(url);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  }
  const rank = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: us / total }));
  return { totalMs: total / 1000, frames: rank(frames), packages: rank(packages) };
}

/** Prints a summary as two indented tables. */
export function printProfileSummary(summary: ProfileSummary, indent = '    '): void {
  const row = (entry: { name: string; ms: number; share: number }) =>
    `${indent}  ${(entry.share * 100).toFixed(1).padStart(5)}% ${entry.ms.toFixed(0).padStart(7)} ms  ${entry.name}`;
  console.log(`${indent}busy ${summary.totalMs.toFixed(0)} ms (idle excluded); top self time by function:`);
  for (const frame of summary.frames) console.log(row(frame));
  console.log(`${indent}by package / folder:`);
  for (const pkg of summary.packages) console.log(row(pkg));
}
