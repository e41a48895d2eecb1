// Types for build-server.mjs, which the benchmarks import from TypeScript.
export declare const serverBuildDir: string;
export declare const serverEntry: string;
export declare const serverNodeFlags: string[];
export declare const serverEnvironment: Record<string, string>;
export declare function newestMtime(path: string): number;
export declare function serverBuildIsStale(built?: string): boolean;
export declare function buildServer(options?: {
  entryPoints?: string[];
  outdir?: string;
  splitting?: boolean;
}): Promise<void>;
