#ifndef WCDB_CZSTD_SHIM_H
#define WCDB_CZSTD_SHIM_H

// zstd from Debian's libzstd-dev (the library WCDB 2.x's compression uses).
// ZDICT_STATIC_LINKING_ONLY exposes ZDICT_optimizeTrainFromBuffer_fastCover and its parameters, which
// the shared library exports: the trainer ZDICT_trainFromBuffer runs, with a dictionary id of our own.
#define ZDICT_STATIC_LINKING_ONLY 1
#include <zstd.h>
#include <zstd_errors.h>
#include <zdict.h>

#endif
