#ifndef BENCH_HOOKS_H
#define BENCH_HOOKS_H
// Callgrind client requests around the timed part of a sample, so that
//   valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no <bench>
// counts instructions of the timed work only (setup and teardown stay uninstrumented).
// Outside valgrind they cost a handful of instructions (and are only called when
// BENCH_CALLGRIND=1). No-ops when valgrind's headers are missing.
void bench_callgrind_start(void);
void bench_callgrind_stop(void);
// The C library's heap, for samples that start from the same heap (BENCH_HEAP): gives back the free
// memory at the heap's top (malloc_trim(0)), or keeps every freed page (no trimming, no mmap).
void bench_heap_trim(void);
void bench_heap_keep(void);
#endif
