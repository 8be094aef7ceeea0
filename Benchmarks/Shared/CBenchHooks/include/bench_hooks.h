#ifndef BENCH_HOOKS_H
#define BENCH_HOOKS_H
// Callgrind client requests around the timed part of a sample, so that
//   valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no <bench>
// counts instructions of the timed work only (setup and teardown stay uninstrumented).
// Outside valgrind they cost a handful of instructions (and are only called when
// BENCH_CALLGRIND=1). No-ops when valgrind's headers are missing.
void bench_callgrind_start(void);
void bench_callgrind_stop(void);
#endif
