// Buffers between two inaccessible pages, for the page-edge tests: a kernel that reads or writes a
// byte outside its buffers faults, and masked accesses whose window reaches a neighbouring page
// take the kernels' page-edge path (aes_x86_vaes.hpp, load_part).
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <cstddef>
#include <span>

namespace fastprim_test {

class guarded {
 public:
  // `pages` usable pages, after one inaccessible page and before another.
  explicit guarded(std::size_t pages = 2)
      : page_(static_cast<std::size_t>(sysconf(_SC_PAGESIZE))), usable_(pages * page_) {
    void* m = mmap(nullptr, usable_ + 2 * page_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    BOOST_TEST_REQUIRE(m != MAP_FAILED);
    map_ = static_cast<std::byte*>(m);
    BOOST_TEST_REQUIRE(mprotect(map_, page_, PROT_NONE) == 0);
    BOOST_TEST_REQUIRE(mprotect(map_ + page_ + usable_, page_, PROT_NONE) == 0);
  }
  guarded(const guarded&) = delete;
  guarded& operator=(const guarded&) = delete;
  ~guarded() { munmap(map_, usable_ + 2 * page_); }

  std::size_t capacity() const { return usable_; }
  // n bytes right after the lower inaccessible page, or right before the upper one.
  std::span<std::byte> at_start(std::size_t n) const { return {map_ + page_, n}; }
  std::span<std::byte> at_end(std::size_t n) const { return {map_ + page_ + usable_ - n, n}; }

 private:
  std::size_t page_, usable_;
  std::byte* map_ = nullptr;
};

}  // namespace fastprim_test
