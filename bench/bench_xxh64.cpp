// XXH64 against libxxhash: one message per size, and batches of small inputs.
#include <xxhash.h>

#include <fastprim/xxh64.hpp>

#include "harness.hpp"

void register_xxh64() {
  using fastprim::primitive;
  for (std::size_t n : fpbench::sizes()) {
    auto buf = fpbench::buffer(n);
    fpbench::add_backends<primitive::xxh64>("xxh64", n, [buf] {
      benchmark::DoNotOptimize(fastprim::xxh64(std::span<const std::byte>(*buf)));
    });
    fpbench::add("xxh64", "libxxhash", n, [buf] { benchmark::DoNotOptimize(XXH64(buf->data(), buf->size(), 0)); });
  }
  // Many independent small inputs (keys, records): the batch API against one call per input.
  for (std::size_t len : {32u, 256u}) {
    const std::size_t count = 1024;
    auto buf = fpbench::buffer(count * len);
    auto in = std::make_shared<std::vector<std::span<const std::byte>>>();
    for (std::size_t i = 0; i < count; ++i) in->emplace_back(buf->data() + i * len, len);
    auto out = std::make_shared<std::vector<std::uint64_t>>(count);
    const std::string group = "xxh64 batch of 1024 x " + std::to_string(len) + " B";
    fpbench::add_backends<primitive::xxh64_batch>(group, count * len, [buf, in, out] {
      (void)fastprim::xxh64_batch(*in, *out);
      benchmark::DoNotOptimize(out->data());
    });
    fpbench::add(group, "libxxhash one at a time", count * len, [buf, in, out] {
      for (std::size_t i = 0; i < in->size(); ++i) (*out)[i] = XXH64((*in)[i].data(), (*in)[i].size(), 0);
      benchmark::DoNotOptimize(out->data());
    });
    fpbench::add(group, "fastprim one at a time", count * len, [buf, in, out] {
      for (std::size_t i = 0; i < in->size(); ++i) (*out)[i] = fastprim::xxh64((*in)[i]);
      benchmark::DoNotOptimize(out->data());
    });
  }
}
