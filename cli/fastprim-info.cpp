// fastprim-info: which backend each primitive uses on this machine, and why.
//   FASTPRIM_BACKEND=scalar fastprim-info        # what the forced portable run looks like
//   FASTPRIM_DISABLE=hwy_avx3_dl fastprim-info   # drop a backend
// Exit status: 0; 2 if FASTPRIM_BACKEND/FASTPRIM_DISABLE name an unknown backend or the command
// line is not empty (or -h/--help); 1 if the report cannot be written.
#include <cstdio>
#include <cstring>
#include <fastprim/fastprim.hpp>

#include "cli_io.hpp"

int main(int argc, char** argv) {
  if (argc > 1) {
    const bool help = std::strcmp(argv[1], "-h") == 0 || std::strcmp(argv[1], "--help") == 0;
    std::fprintf(help ? stdout : stderr,
                 "%susage: fastprim-info   (no arguments; see FASTPRIM_BACKEND, FASTPRIM_DISABLE)\n",
                 help ? "" : "fastprim-info: takes no arguments\n");
    if (help) return cli::close_stdout("fastprim-info") ? 0 : 1;
    return 2;
  }
  std::fputs(fastprim::report().c_str(), stdout);
  if (!cli::close_stdout("fastprim-info")) return 1;
  return fastprim::policy_error().empty() ? 0 : 2;
}
