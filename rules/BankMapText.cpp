#include "rules/BankMapText.h"

#include <algorithm>
#include <array>
#include <vector>

#include "fmt/format.h"
#include "model/BankModel.h"
#include "model/OpModel.h"

namespace bankcheck::rules {

namespace {
model::WarpRequest requestOf(const mapper::AccessResult& r, ir::AccessKind kind) {
  model::WarpRequest req;
  for (size_t l = 0; l < req.addr.size(); ++l) req.addr[l] = r.worst.addresses[l];
  req.widthBytes = static_cast<int>(r.instructionWidth);
  req.op = kind == ir::AccessKind::Load ? model::MemOp::Load : model::MemOp::Store;
  return req;
}

std::vector<int> lanesOf(uint32_t mask) {
  std::vector<int> lanes;
  for (int l = 0; l < 32; ++l)
    if (mask >> l & 1) lanes.push_back(l);
  return lanes;
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

namespace {
// cp.async: the L1 writes each 128-byte global line's lanes as one group (model/OpModel.h), so
// the worst bank is named within the group of one source line.
std::string describeWorstSourceLine(const mapper::AccessResult& r, bool bypassL1) {
  model::OpRequest op;
  op.kind = model::OpKind::CpAsync;
  op.widthBytes = static_cast<int>(r.instructionWidth);
  op.bypassL1 = bypassL1;
  op.hasSource = true;
  for (size_t l = 0; l < op.addr.size(); ++l) {
    op.addr[l] = r.worst.addresses[l];
    op.source[l] = r.worst.sources[l];
  }
  const model::CpAsyncWorstGroup worst = model::explainCpAsync(op);
  if (bypassL1) {
    if (worst.wavefronts <= 1) return fmt::format("{} pairs of a global line and a shared line, one wavefront each", worst.groups);
    return fmt::format("lanes {} read one global line into one shared line and take {} wavefronts (one moves whole 32-byte "
                       "sectors, or one same 16-byte half of several, under one XOR of their 16-byte positions; {} pairs of a "
                       "global line and a shared line)",
                       laneRanges(lanesOf(worst.lanes)), worst.wavefronts, worst.groups);
  }
  const std::string lines = worst.groups == 1 ? "1 global line" : fmt::format("{} global lines", worst.groups);
  if (worst.words <= 1)
    return fmt::format("no source line's lanes write more than one word of a bank ({}, one wavefront each at least)", lines);
  // Lanes that repeat another lane's copy write its word again (measured: each takes a wavefront).
  bool repeats = false;
  for (int l = 0; l < model::kWarpSize && !repeats; ++l) repeats = model::repeatsEarlierCopy(op, worst.lanes, l);
  return fmt::format("lanes {}, which read one 128-byte global line, write {} {} of bank {} ({})", laneRanges(lanesOf(worst.lanes)),
                     worst.words, repeats ? "words (a word again for each lane that repeats another's copy)" : "different words",
                     worst.bank, lines);
}
}  // namespace

std::string describeWorstBank(const mapper::AccessResult& r, ir::AccessKind kind, bool bypassL1) {
  if (kind == ir::AccessKind::Atomic) {
    // Atomics serialize by lanes, not words: the bank with the most updating lanes.
    std::array<uint32_t, model::kNumBanks> lanes{};
    std::array<std::vector<int64_t>, model::kNumBanks> words;
    for (int l = 0; l < 32; ++l) {
      const int64_t a = r.worst.addresses[static_cast<size_t>(l)];
      if (a < 0) continue;
      const int b = static_cast<int>((a / model::kBankWidthBytes) % model::kNumBanks);
      lanes[static_cast<size_t>(b)] |= 1u << l;
      if (std::find(words[b].begin(), words[b].end(), a / 4) == words[b].end()) words[b].push_back(a / 4);
    }
    int bank = 0;
    for (int b = 1; b < model::kNumBanks; ++b)
      if (__builtin_popcount(lanes[static_cast<size_t>(b)]) > __builtin_popcount(lanes[static_cast<size_t>(bank)])) bank = b;
    if (!lanes[static_cast<size_t>(bank)]) return "no active lane";
    const size_t n = words[static_cast<size_t>(bank)].size();
    return fmt::format("lanes {} update {} of bank {}",
                       laneRanges(lanesOf(lanes[static_cast<size_t>(bank)])), n == 1 ? std::string("one word") : fmt::format("{} words", n), bank);
  }
  if (kind == ir::AccessKind::AsyncCopyDst && r.worst.hasSources) return describeWorstSourceLine(r, bypassL1);
  const model::BankMap map = model::explainRequest(requestOf(r, kind));
  const model::BankUse* worst = nullptr;
  int bank = -1;
  for (const model::LaneGroup& g : map.groups)
    for (int b = 0; b < model::kNumBanks; ++b)
      if (!worst || g.banks[static_cast<size_t>(b)].words.size() > worst->words.size()) {
        worst = &g.banks[static_cast<size_t>(b)];
        bank = b;
      }
  if (!worst || worst->lanes == 0) return "no active lane";
  if (worst->words.size() <= 1)
    return fmt::format("no bank holds more than one requested word of a lane group ({} lane groups)", map.groups.size());
  return fmt::format("lanes {} touch {} different words of bank {}", laneRanges(lanesOf(worst->lanes)), worst->words.size(), bank);
}

std::string bankMapText(const mapper::AccessResult& r, ir::AccessKind kind) {
  std::string out = fmt::format("bank map of the worst warp-instruction (warp {}):\n", r.worst.warp);
  std::string table = model::formatBankMap(model::explainRequest(requestOf(r, kind)));
  // ldmatrix/stmatrix rows are laid out as 16-byte stores would be (groups of 8 lanes, never
  // merged), which is the op model's grouping: one group per 8x8 matrix. Say what it is.
  if (kind == ir::AccessKind::MatrixLoad || kind == ir::AccessKind::MatrixStore) {
    const std::string from = "16-byte store";
    if (size_t at = table.find(from); at != std::string::npos)
      table.replace(at, from.size(), kind == ir::AccessKind::MatrixLoad ? "ldmatrix rows (16 bytes)" : "stmatrix rows (16 bytes)");
    const std::string groups = "stores never merge: 4 groups of 8 lanes";
    if (size_t at = table.find(groups); at != std::string::npos)
      table.replace(at, groups.size(), "one group per 8x8 matrix (lanes 8m to 8m+7 give its rows)");
  }
  // Indent under the diagnostic it belongs to.
  size_t start = 0;
  while (start < table.size()) {
    size_t end = table.find('\n', start);
    if (end == std::string::npos) end = table.size();
    out += "  " + table.substr(start, end - start) + "\n";
    start = end + 1;
  }
  return out;
}

}  // namespace bankcheck::rules
