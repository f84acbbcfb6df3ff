// cli/cli_io.hpp: input and output checks shared by the command-line tools. Lines are read
// with a length bound, so no input (a 4 GiB file without a newline) makes a tool hold more than
// the bound in memory; and stdout is closed with its error checked, so a closed stdout (`>&-`), a
// full disk or /dev/full gives a message and a failing exit status instead of lost output.
#pragma once

#include <stdio_ext.h>  // __fpending (glibc)

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

namespace cli {

enum class line_status { ok, eof, too_long, read_error };

// Reads one line into `line`, without its '\n'. A line is too long when a byte of it (its '\n'
// included) arrives after `max` bytes: too_long is returned and the line dropped, so memory stays
// bounded by `max` whatever the input. With `skip_rest` the rest of that line is read first, so
// that the next call reads the next line; without, the call returns at once (for callers that
// stop there). The last line may end without '\n'; eof means no byte was left. Bytes are kept as
// they are, NUL and '\r' included.
inline line_status read_line(std::FILE* f, std::string& line, std::size_t max, bool skip_rest = true) {
  line.clear();
  bool any = false, too_long = false;
  for (int c; (c = getc_unlocked(f)) != EOF;) {
    any = true;
    if (!too_long && line.size() >= max) {
      too_long = true;
      line.clear();
      line.shrink_to_fit();
      if (!skip_rest) return line_status::too_long;
    }
    if (c == '\n') return too_long ? line_status::too_long : line_status::ok;
    if (!too_long) line += static_cast<char>(c);
  }
  if (std::ferror(f)) return line_status::read_error;
  if (too_long) return line_status::too_long;
  return any ? line_status::ok : line_status::eof;
}

// Flushes and closes stdout as coreutils' close_stdout does: a stdout that was closed before the
// program started is not an error when nothing was written to it. On failure prints
// "PROG: write error[: REASON]" and returns false.
inline bool close_stdout(const char* prog) {
  const bool pending = __fpending(stdout) != 0;
  const bool failed_before = std::ferror(stdout) != 0;
  errno = 0;
  const bool close_failed = std::fclose(stdout) != 0;
  const int err = errno;
  if (failed_before || (close_failed && (pending || err != EBADF))) {
    if (close_failed && err != 0)
      std::fprintf(stderr, "%s: write error: %s\n", prog, std::strerror(err));
    else
      std::fprintf(stderr, "%s: write error\n", prog);
    return false;
  }
  return true;
}

}  // namespace cli
