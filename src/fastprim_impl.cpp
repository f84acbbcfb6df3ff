// The one implementation TU of a FASTPRIM_SEPARATE_IMPL build: every Highway per-target kernel
// of fastprim is compiled here once; the other TUs (compiled with -DFASTPRIM_SEPARATE_IMPL) see
// declarations only. A project that opts in writes the same two lines in one of its files.
#define FASTPRIM_IMPLEMENTATION
#include <fastprim/fastprim.hpp>
