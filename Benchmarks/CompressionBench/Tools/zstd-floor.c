// libzstd alone on the compression benchmark's values: what compressing and decompressing them one value
// at a time costs with the codec's parameters and variants of them (level, checksum, literal compression,
// the zstd API), best of 5 runs, and the bytes stored under the database's rule (a frame not smaller than
// its value is not kept). The floors quoted in Benchmarks/README.md ("Column compression").
//
//   ../.build/release/CompressionBench dump /tmp/corpus
//   cc -O2 -Wno-deprecated-declarations -o /tmp/zstd-floor zstd-floor.c -lzstd && /tmp/zstd-floor /tmp/corpus
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
typedef struct { size_t n; const unsigned char **p; uint32_t *len; } Values;
static Values load(const char *path) {
  FILE *f = fopen(path, "rb"); fseek(f, 0, SEEK_END); long sz = ftell(f); fseek(f, 0, SEEK_SET);
  unsigned char *buf = malloc(sz); fread(buf, 1, sz, f); fclose(f);
  Values v = {0}; v.p = malloc(sizeof(void*) * 200000); v.len = malloc(4 * 200000);
  for (long o = 0; o < sz;) { uint32_t l; memcpy(&l, buf + o, 4); o += 4; v.p[v.n] = buf + o; v.len[v.n++] = l; o += l; }
  return v;
}
static void *loadFile(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb"); fseek(f, 0, SEEK_END); *size = ftell(f); fseek(f, 0, SEEK_SET);
  void *b = malloc(*size); fread(b, 1, *size, f); fclose(f); return b;
}
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static unsigned char out[1 << 20], back[1 << 20];
static unsigned char *frames[200000]; static size_t fsize[200000];
static void run(const char *name, Values *v, ZSTD_CDict *cd, ZSTD_DDict *dd, int level, int checksum, int lit, int minLen, int usingCDict) {
  ZSTD_CCtx *c = ZSTD_createCCtx(); ZSTD_DCtx *d = ZSTD_createDCtx();
  ZSTD_CCtx_setParameter(c, ZSTD_c_compressionLevel, level);
  ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, checksum);
  if (lit) ZSTD_CCtx_setParameter(c, ZSTD_c_literalCompressionMode, lit);
  if (cd) ZSTD_CCtx_refCDict(c, cd);
  double best = 1e9, bestD = 1e9; size_t kept = 0, nk = 0;
  for (int r = 0; r < 5; r++) {
    double t = now(); kept = 0; nk = 0;
    for (size_t i = 0; i < v->n; i++) {
      size_t s;
      if (v->len[i] <= (uint32_t)minLen) { kept += v->len[i]; fsize[i] = 0; continue; }
      if (usingCDict == 2 && cd) { ZSTD_frameParameters fp = {1, 1, 0}; s = ZSTD_compress_usingCDict_advanced(c, out, sizeof out, v->p[i], v->len[i], cd, fp); }
      else if (usingCDict == 3 && !cd) { ZSTD_parameters pp = ZSTD_getParams(level, v->len[i], 0); pp.fParams.checksumFlag = 1; s = ZSTD_compress_advanced(c, out, sizeof out, v->p[i], v->len[i], NULL, 0, pp); }
      else if (usingCDict && cd) s = ZSTD_compress_usingCDict(c, out, sizeof out, v->p[i], v->len[i], cd);
      else s = ZSTD_compress2(c, out, sizeof out, v->p[i], v->len[i]);
      if (ZSTD_isError(s)) { printf("err %s\n", ZSTD_getErrorName(s)); exit(1); }
      if (s < v->len[i]) { kept += s; nk++; if (r == 0) { frames[i] = malloc(s); memcpy(frames[i], out, s);} fsize[i] = s; } else { kept += v->len[i]; fsize[i] = 0; }
    }
    t = now() - t; if (t < best) best = t;
    t = now();
    for (size_t i = 0; i < v->n; i++) if (fsize[i]) {
      size_t s = dd ? ZSTD_decompress_usingDDict(d, back, sizeof back, frames[i], fsize[i], dd) : ZSTD_decompressDCtx(d, back, sizeof back, frames[i], fsize[i]);
      if (ZSTD_isError(s) || s != v->len[i]) { printf("derr\n"); exit(1);} }
    t = now() - t; if (t < bestD) bestD = t;
  }
  for (size_t i = 0; i < v->n; i++) if (fsize[i]) free(frames[i]);
  printf("%-28s compress %7.1f ms (%5.0f ns/value) decompress %6.1f ms  kept bytes %9zu  frames kept %zu\n", name, best * 1e3, best * 1e9 / v->n, bestD * 1e3, kept, nk);
  ZSTD_freeCCtx(c); ZSTD_freeDCtx(d);
}
int main(int argc, char **argv) {
  const char *folder = argc > 1 ? argv[1] : "/tmp/corpus";
  const char *cols[2] = {"content", "extra"};
  for (int k = 0; k < 2; k++) {
    char p[1024]; snprintf(p, sizeof p, "%s/%s.values", folder, cols[k]); Values v = load(p);
    size_t ds; snprintf(p, sizeof p, "%s/%s.dict", folder, cols[k]); void *dict = loadFile(p, &ds);
    size_t total = 0; for (size_t i = 0; i < v.n; i++) total += v.len[i];
    printf("== %s: %zu values, %zu bytes\n", cols[k], v.n, total);
    run("normal L3 ck", &v, NULL, NULL, 3, 1, 0, 14, 0);
    run("normal L3 ck advanced", &v, NULL, NULL, 3, 1, 0, 14, 3);
    run("normal L3 nock", &v, NULL, NULL, 3, 0, 0, 14, 0);
    run("normal L3 ck rawlit", &v, NULL, NULL, 3, 1, ZSTD_ps_disable, 14, 0);
    run("normal L3 ck min32", &v, NULL, NULL, 3, 1, 0, 32, 0);
    run("normal L3 ck min64", &v, NULL, NULL, 3, 1, 0, 64, 0);
    for (int L = 3; L <= 3; L += 2) {
      ZSTD_CDict *cd = ZSTD_createCDict(dict, ds, L); ZSTD_DDict *dd = ZSTD_createDDict(dict, ds);
      char n[64]; sprintf(n, "dict L%d ck", L); run(n, &v, cd, dd, L, 1, 0, 14, 0);
      sprintf(n, "dict L%d ck usingCDict", L); run(n, &v, cd, dd, L, 1, 0, 14, 1);
      sprintf(n, "dict L%d ck usingCDict_adv", L); run(n, &v, cd, dd, L, 1, 0, 14, 2);
      ZSTD_freeCDict(cd); ZSTD_freeDDict(dd);
    }
  }
}
