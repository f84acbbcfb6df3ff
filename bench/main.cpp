// fastprim-bench: every fastprim backend and every peer library on this machine, side by
// side in one run. Google Benchmark does the timing, repetitions and JSON; this file adds the
// table (median of repetitions of each run's fastest block of calls: TSC ticks per byte, GB/s)
// and the CPU/dispatch header.
//
//   fastprim-bench [--quick] [--json FILE] [--filter REGEX] [--repetitions N] [--sequential]
//
// Repetitions run in one random order across all the benchmarks selected (Google Benchmark's
// random interleaving) unless --sequential: on a shared machine a noisy minute then spreads over
// every implementation of a row instead of landing on one of them.
#include <benchmark/benchmark.h>
#include <fmt/core.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <fastprim/fastprim.hpp>
#include <functional>
#include <map>
#include <random>
#include <thread>

#include "core_cycles.hpp"
#include "harness.hpp"

void register_xxh64();
void register_sha();
void register_aes();
void register_gcm();
void register_xts();
void register_authenc();
void register_pac();

namespace fpbench {
namespace {
bool g_quick = false;

struct row_key {
  std::string group;
  std::size_t bytes;
  bool operator<(const row_key& o) const { return std::tie(group, bytes) < std::tie(o.group, o.bytes); }
};
struct cell {
  double tsc_per_byte = 0, gbps = 0, ns = 0;
};
struct info {
  std::string group, impl;
  std::size_t bytes;
};
std::map<std::string, info>& registry() {
  static std::map<std::string, info> r;
  return r;
}
}  // namespace

bool quick() { return g_quick; }

std::vector<std::size_t> sizes() {
  if (g_quick) return {16, 64, 1024, 8192, 1 << 20};
  return {16, 32, 64, 256, 1024, 8192, 65536, 1 << 20};
}

void register_run(const std::string& group, const std::string& impl, std::size_t bytes,
                  std::function<void(benchmark::State&)> run) {
  const std::string name = group + "/" + impl + "/" + std::to_string(bytes);
  registry()[name] = {group, impl, bytes};
  benchmark::RegisterBenchmark(name.c_str(), std::move(run));
}

// Collects the median of each benchmark's repetitions (the run itself with one repetition, where
// Google Benchmark reports no aggregates), shows progress on stderr, then prints the table.
class table_reporter : public benchmark::BenchmarkReporter {
 public:
  table_reporter(std::size_t total, double tsc_ghz, int reps)
      : total_(total), tsc_ghz_(tsc_ghz), reps_(reps) {}
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs) {
      const std::string name = r.run_name.str();
      if (r.run_type == Run::RT_Iteration) {
        if (seen_.insert(name).second) fmt::print(stderr, "\r[{}/{}] {:<60}", seen_.size(), total_, name);
      }
      const bool median = r.run_type == Run::RT_Aggregate && r.aggregate_name == "median";
      if (!median && !(reps_ == 1 && r.run_type == Run::RT_Iteration && !r.error_occurred)) continue;
      auto it = registry().find(name);
      if (it == registry().end()) continue;
      cell c;
      c.tsc_per_byte = r.counters.at("tsc_per_byte");
      c.gbps = tsc_ghz_ / c.tsc_per_byte;  // from the same TSC reading, so the two agree
      c.ns = c.tsc_per_byte * static_cast<double>(it->second.bytes) / tsc_ghz_;
      cells_[{it->second.group, it->second.bytes}][it->second.impl] = c;
    }
  }
  void Finalize() override {
    fmt::print(stderr, "\r{:<80}\r", "");
    std::string last_group;
    for (const auto& [key, impls] : cells_) {
      if (key.group != last_group) {
        fmt::print("\n{}: TSC ticks per byte (GB/s); under 256 B also ns per call\n", key.group);
        last_group = key.group;
      }
      // Best first, so the winner is the first cell.
      std::vector<std::pair<std::string, cell>> v(impls.begin(), impls.end());
      std::sort(v.begin(), v.end(),
                [](auto& a, auto& b) { return a.second.tsc_per_byte < b.second.tsc_per_byte; });
      fmt::print("  {:>8} B ", key.bytes);
      for (const auto& [impl, c] : v) {
        if (key.bytes < 256)
          fmt::print(" | {} {:.3f} ({:.2f}, {:.1f} ns)", impl, c.tsc_per_byte, c.gbps, c.ns);
        else
          fmt::print(" | {} {:.3f} ({:.2f})", impl, c.tsc_per_byte, c.gbps);
      }
      fmt::print("\n");
    }
  }

 private:
  std::size_t total_;
  double tsc_ghz_;
  int reps_;
  std::set<std::string> seen_;
  std::map<row_key, std::map<std::string, cell>> cells_;
};

double tsc_ghz() {
  using clk = std::chrono::steady_clock;
  const auto t0 = clk::now();
  const auto c0 = ticks();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const auto c1 = ticks();
  const double ns = std::chrono::duration<double, std::nano>(clk::now() - t0).count();
  return static_cast<double>(c1 - c0) / ns;
}

}  // namespace fpbench

int main(int argc, char** argv) {
  namespace po = boost::program_options;
  po::options_description opts("fastprim-bench options");
  std::string json, filter;
  int reps = 0;
  opts.add_options()("help,h", "this help")("quick",
                                            "quick profile: fewer sizes, shorter runs (under 2 minutes)")(
      "json", po::value(&json), "also write Google Benchmark JSON to this file")(
      "filter", po::value(&filter), "only benchmarks whose name (group/impl/bytes) matches this regex")(
      "repetitions", po::value(&reps), "repetitions per benchmark (median reported); default 5, quick 3")(
      "sequential",
      "run each benchmark's repetitions back to back (default: all repetitions of all benchmarks in one "
      "random order, so that a noisy phase of a shared machine does not land on one implementation)")(
      "list", "list the benchmark names and exit");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, opts), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    fmt::print(stderr, "fastprim-bench: {}\n{}", e.what(), (std::ostringstream{} << opts).str());
    return 2;
  }
  if (vm.count("help")) {
    std::ostringstream os;
    os << opts;
    fmt::print("{}", os.str());
    return 0;
  }
  fpbench::g_quick = vm.count("quick") > 0;
  if (reps <= 0) reps = fpbench::g_quick ? 3 : 5;

  const double ghz = fpbench::tsc_ghz();
  fmt::print("fastprim-bench {}\n{}", FASTPRIM_BENCH_VERSION, fastprim::report());
  const double ratio = std::max(
      {fpbench::core_cycles_per_tick(), fpbench::core_cycles_per_tick(), fpbench::core_cycles_per_tick()});
  fmt::print(
      "Timing: rdtsc counts TSC ticks (here {:.3f} GHz), not core cycles: a dependent add chain\n"
      "measures {:.2f} core cycles per tick now (core about {:.2f} GHz; it varies with load and turbo).\n"
      "Compare ratios within one run; {}.\n",
      ghz, ratio, ratio * ghz,
      reps == 1
          ? std::string("each cell is one run's fastest ~18 us block of calls")
          : fmt::format("each cell is the median of {} runs (each run: its fastest ~18 us block of calls){}",
                        reps,
                        vm.count("sequential") ? ", run back to back"
                                               : ", interleaved at random with every other cell's"));

  register_xxh64();
  register_sha();
  register_aes();
  register_gcm();
  register_xts();
  register_authenc();
  register_pac();

  std::vector<std::string> args{argv[0], "--benchmark_repetitions=" + std::to_string(reps),
                                "--benchmark_report_aggregates_only=true",
                                std::string("--benchmark_min_time=") + (fpbench::g_quick ? "0.01" : "0.05")};
  if (!vm.count("sequential") && reps > 1) args.push_back("--benchmark_enable_random_interleaving=true");
  if (!filter.empty()) args.push_back("--benchmark_filter=" + filter);
  if (!json.empty()) {
    args.push_back("--benchmark_out=" + json);
    args.push_back("--benchmark_out_format=json");
  }
  if (vm.count("list")) args.push_back("--benchmark_list_tests=true");
  std::vector<char*> cargs;
  for (auto& a : args) cargs.push_back(a.data());
  int cargc = static_cast<int>(cargs.size());
  benchmark::Initialize(&cargc, cargs.data());
  // For scripts/bench-table: the TSC rate and the core cycles per tick this run measured.
  benchmark::AddCustomContext("tsc_ghz", fmt::format("{:.4f}", ghz));
  benchmark::AddCustomContext("core_cycles_per_tick", fmt::format("{:.3f}", ratio));
  if (vm.count("list")) {
    benchmark::RunSpecifiedBenchmarks();
    return 0;
  }
  fpbench::table_reporter rep(fpbench::registry().size(), ghz, reps);
  if (json.empty()) {
    benchmark::RunSpecifiedBenchmarks(&rep);
  } else {
    benchmark::JSONReporter file_rep;  // the file reporter; --benchmark_out opens the file
    benchmark::RunSpecifiedBenchmarks(&rep, &file_rep);
  }
  benchmark::Shutdown();
  return 0;
}
