#ifndef COMPRESSION_BENCH_CZSTD_SHIM_H
#define COMPRESSION_BENCH_CZSTD_SHIM_H

// libzstd (Debian's libzstd-dev), the library the root package's CZstd links, under the benchmark's own
// module name: the codec's own cost, called directly, as the floor of the database's.
#include <zstd.h>

#endif
