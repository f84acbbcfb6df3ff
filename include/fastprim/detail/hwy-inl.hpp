// fastprim/detail/hwy-inl.hpp: every per-target (Highway) file of fastprim, included once per
// target by detail/hwy.hpp. No include guard on purpose: each included file has a toggle guard.
// Per-target code that a target cannot build (g++ 12's HWY_SCALAR fallback lacks most ops) is
// guarded inside each file; every file defines its kernel pointers for every target (nullptr
// where not implemented).
#include "fastprim/xxh/xxh64_hwy-inl.hpp"
#include "fastprim/sha/sha_hwy-inl.hpp"
#include "fastprim/pac/qarma_hwy-inl.hpp"
#include "fastprim/aes/hwy-inl.hpp"
