import { constants } from 'node:zlib';

/**
 * A route's compression when its answers run to megabytes (the notes tree, Upcoming): at the default
 * brotli quality 4 compressing a 1–1.5 MB answer took 12–18 ms, as long as building it. Quality 1 (and
 * gzip level 1) takes about 5 ms for a body about 3% larger. Measurements in docs/performance.md.
 */
export const fastCompression = {
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
};
