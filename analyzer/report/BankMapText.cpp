#include "report/BankMapText.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <vector>

#include "fmt/format.h"

namespace bankcheck::report {

namespace {
constexpr int kBanks = 32;

struct BankUse {
  std::vector<int> lanes;
  std::set<int64_t> words;
};

std::array<BankUse, kBanks> banksOf(const mapper::AccessResult& r) {
  std::array<BankUse, kBanks> banks;
  const unsigned width = std::max(r.instructionWidth, 1u);
  for (int l = 0; l < 32; ++l) {
    const int64_t addr = r.worst.addresses[static_cast<size_t>(l)];
    if (addr < 0) continue;
    // A lane's access covers width/4 consecutive words (one word for 1-, 2- and 4-byte accesses).
    const int64_t first = addr / 4, last = (addr + width - 1) / 4;
    for (int64_t w = first; w <= last; ++w) {
      BankUse& b = banks[static_cast<size_t>(((w % kBanks) + kBanks) % kBanks)];
      if (b.lanes.empty() || b.lanes.back() != l) b.lanes.push_back(l);
      b.words.insert(w);
    }
  }
  return banks;
}
}  // namespace

std::string laneRanges(const std::vector<int>& lanes) {
  std::string out;
  for (size_t i = 0; i < lanes.size();) {
    size_t j = i;
    while (j + 1 < lanes.size() && lanes[j + 1] == lanes[j] + 1) ++j;
    if (!out.empty()) out += ", ";
    out += j == i ? std::to_string(lanes[i]) : fmt::format("{}-{}", lanes[i], lanes[j]);
    i = j + 1;
  }
  return out;
}

std::string describeWorstBank(const mapper::AccessResult& r, ir::AccessKind kind) {
  const auto banks = banksOf(r);
  size_t best = 0;
  for (size_t b = 1; b < banks.size(); ++b)
    if (banks[b].words.size() > banks[best].words.size()) best = b;
  const BankUse& u = banks[best];
  if (u.lanes.empty()) return "no active lane";
  if (u.words.size() == 1)
    return fmt::format("no bank holds more than one requested word (lanes {} share word {} of bank {})", laneRanges(u.lanes),
                       *u.words.begin(), best);
  return fmt::format("lanes {} touch {} different words of bank {}", laneRanges(u.lanes), u.words.size(), best);
}

std::string bankMapText(const mapper::AccessResult& r, ir::AccessKind kind) {
  const auto banks = banksOf(r);
  std::string out = fmt::format("  bank map of the worst warp-instruction (warp {}, {}-byte {}, {} wavefronts, ideal {}):\n",
                                r.worst.warp, r.instructionWidth, kind == ir::AccessKind::Load ? "load" : "store",
                                r.worst.wavefronts, r.worst.ideal);
  for (int b = 0; b < kBanks; ++b) {
    const BankUse& u = banks[static_cast<size_t>(b)];
    if (u.lanes.empty()) {
      out += fmt::format("    bank {:2}: -\n", b);
      continue;
    }
    std::string words;
    int shown = 0;
    for (int64_t w : u.words) {
      if (shown++ == 8) {
        words += ", ...";
        break;
      }
      words += (words.empty() ? "" : ", ") + std::to_string(w);
    }
    out += fmt::format("    bank {:2}: {} word{} ({}) from lane{} {}\n", b, u.words.size(), u.words.size() == 1 ? "" : "s", words,
                       u.lanes.size() == 1 ? "" : "s", laneRanges(u.lanes));
  }
  return out;
}

}  // namespace bankcheck::report
