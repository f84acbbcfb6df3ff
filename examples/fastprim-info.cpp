// fastprim-info: which backend each primitive uses on this machine, and why.
//   FASTPRIM_BACKEND=scalar fastprim-info        # what the forced portable run looks like
//   FASTPRIM_DISABLE=hwy_avx3_dl fastprim-info   # drop a backend
#include <cstdio>
#include <fastprim/fastprim.hpp>

int main() {
  std::fputs(fastprim::report().c_str(), stdout);
  return fastprim::policy_error().empty() ? 0 : 2;
}
