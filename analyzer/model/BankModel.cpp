#include "BankModel.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace bankcheck::model {

namespace {

constexpr uint32_t kAllLanes = 0xffffffffu;
constexpr uint32_t kHalf0 = 0x0000ffffu;
constexpr uint32_t kHalf1 = 0xffff0000u;

uint32_t laneBit(int lane) { return 1u << lane; }

int popcount(uint32_t x) { return __builtin_popcount(x); }

uint32_t activeMask(const WarpRequest& r) {
  uint32_t mask = 0;
  for (int l = 0; l < kWarpSize; ++l)
    if (r.addr[l] >= 0) mask |= laneBit(l);
  return mask;
}

// Addresses here are never negative (negative = inactive lane), so shifts and masks are exact.
int64_t firstWord(int64_t addr) { return addr >> 2; }
int64_t lastWord(int64_t addr, int width) { return (addr + width - 1) >> 2; }

// Wavefronts of one group: the largest number of distinct words in any one bank, over the
// active lanes of `lanes`. A lane touches a bank at most once (it covers at most 5 consecutive
// words), so a bank holds at most 32 distinct words of one group.
int groupWavefronts(const WarpRequest& r, uint32_t lanes) {
  int64_t bankWords[kNumBanks][kWarpSize];  // only the first count[b] entries are meaningful
  int count[kNumBanks] = {};
  int best = 0;
  for (uint32_t m = lanes; m; m &= m - 1) {
    const int l = __builtin_ctz(m);
    const int64_t a = r.addr[l];
    if (a < 0) continue;
    for (int64_t w = firstWord(a), e = lastWord(a, r.widthBytes); w <= e; ++w) {
      const int b = int(w & (kNumBanks - 1));
      int64_t* words = bankWords[b];
      int i = 0;
      while (i < count[b] && words[i] != w) ++i;
      if (i == count[b]) {
        words[count[b]++] = w;
        best = std::max(best, count[b]);
      }
    }
  }
  return best;
}

// Lazily computed wavefronts of the warp, its half-warps and its quarter-warps.
class GroupCounts {
 public:
  explicit GroupCounts(const WarpRequest& r) : r_(r) {}
  int all() { return get(all_, 0xffffffffu); }
  int half(int h) { return get(half_[h], 0xffffu << (16 * h)); }
  int quarter(int q) { return get(quarter_[q], 0xffu << (8 * q)); }

 private:
  int get(int& slot, uint32_t lanes) {
    if (slot < 0) slot = groupWavefronts(r_, lanes);
    return slot;
  }
  const WarpRequest& r_;
  int all_ = -1, half_[2] = {-1, -1}, quarter_[4] = {-1, -1, -1, -1};
};

// True when every two active lanes n and n^k of `lanes` access the same address (an inactive
// lane does not break a pair).
bool pairedBy(const WarpRequest& r, uint32_t lanes, int k) {
  for (uint32_t m = lanes; m; m &= m - 1) {
    const int n = __builtin_ctz(m);
    const int p = n ^ k;
    if (!(lanes & laneBit(p))) continue;
    if (r.addr[n] >= 0 && r.addr[p] >= 0 && r.addr[n] != r.addr[p]) return false;
  }
  return true;
}

// 1 or 2 when the lanes pair up in that sense (1 preferred), else 0.
int pairing(const WarpRequest& r, uint32_t lanes) {
  if (pairedBy(r, lanes, 1)) return 1;
  if (pairedBy(r, lanes, 2)) return 2;
  return 0;
}

// Number of lane pairs {n, n^k} with at least one active lane in `lanes`.
int pairSlots(uint32_t active, uint32_t lanes, int k) {
  uint32_t slots = 0;
  for (uint32_t m = active & lanes; m; m &= m - 1) slots |= laneBit(__builtin_ctz(m) & ~k);
  return popcount(slots);
}

int ceilDiv(int a, int b) { return (a + b - 1) / b; }

uint32_t quarter(int q) { return 0xffu << (8 * q); }

bool allSameAddress(const WarpRequest& r, uint32_t active) {
  if (!active) return true;
  const int64_t first = r.addr[__builtin_ctz(active)];
  for (uint32_t m = active; m; m &= m - 1)
    if (r.addr[__builtin_ctz(m)] != first) return false;
  return true;
}

void checkWidth(int width) {
  if (!isValidWidth(width))
    throw std::invalid_argument(fmt::format("invalid shared-memory access width {} bytes (must be 1, 2, 4, 8 or 16)", width));
}

// The hardware's lane groups (see BankModel.h). Writes up to 4 masks, returns their count.
int hardwareGroups(const WarpRequest& r, int warpPairing, uint32_t out[4]) {
  const bool merge = r.op == MemOp::Load && warpPairing != 0;
  switch (r.widthBytes) {
    case 8:
      if (merge) {
        out[0] = kAllLanes;
        return 1;
      }
      out[0] = kHalf0;
      out[1] = kHalf1;
      return 2;
    case 16:
      if (merge) {
        out[0] = kHalf0;
        out[1] = kHalf1;
        return 2;
      }
      for (int q = 0; q < 4; ++q) out[q] = quarter(q);
      return 4;
    default:
      out[0] = kAllLanes;
      return 1;
  }
}

// The fewest wavefronts any layout of the request could take (Wavefronts::best): each of the
// hardware's lane groups with an active lane takes one wavefront per 128 bytes it requests, a pair
// of lanes that shares an address in a merged load counting once. That is never below ncu's ideal
// (which sums the requests over the warp) nor below the merged warp's pairs: an 8-byte store by
// lanes 0, 8, 16 and 24 takes 2 (one per half-warp) although its 32 bytes would fit one.
int groupMinimum(const WarpRequest& r, int warpPairing, uint32_t active) {
  uint32_t groups[4];
  const int n = hardwareGroups(r, warpPairing, groups);
  int total = 0;
  for (int i = 0; i < n; ++i) {
    const uint32_t lanes = active & groups[i];
    if (!lanes) continue;
    const int requests = (r.op == MemOp::Load && warpPairing) ? pairSlots(active, groups[i], warpPairing) : popcount(lanes);
    total += ceilDiv(requests * r.widthBytes, 128);
  }
  return total;
}

}  // namespace

const char* toString(MemOp op) { return op == MemOp::Load ? "load" : "store"; }

bool isValidWidth(int w) { return w == 1 || w == 2 || w == 4 || w == 8 || w == 16; }

double Wavefronts::ways() const { return ideal > 0 ? double(actual) / ideal : 1.0; }

double Wavefronts::reportedWays() const { return ideal > 0 ? double(reported) / ideal : 1.0; }

Wavefronts countWavefronts(const WarpRequest& r) {
  checkWidth(r.widthBytes);
  Wavefronts out;
  const uint32_t active = activeMask(r);
  const int numActive = popcount(active);
  if (numActive == 0) return out;  // an all-inactive warp issues the instruction but moves nothing
  const int w = r.widthBytes;
  const bool load = r.op == MemOp::Load;
  GroupCounts g(r);

  // Hardware (see hardwareGroups).
  const int warpPairing = (load && w >= 8) ? pairing(r, kAllLanes) : 0;
  if (w <= 4)
    out.actual = g.all();
  else if (w == 8)
    out.actual = warpPairing ? g.all() : g.half(0) + g.half(1);
  else
    out.actual = warpPairing ? g.half(0) + g.half(1) : g.quarter(0) + g.quarter(1) + g.quarter(2) + g.quarter(3);

  if (!load || w <= 4) {
    out.reported = out.actual;
    out.ideal = ceilDiv(numActive * w, 128);
    out.best = groupMinimum(r, warpPairing, active);
    return out;
  }

  if (w == 8) {
    // ncu merges the warp only when the merged warp is served in one wavefront.
    const bool merged = warpPairing != 0 && out.actual <= 1;
    out.reported = merged ? out.actual : g.half(0) + g.half(1);
    const int requests = merged ? pairSlots(active, kAllLanes, warpPairing) : numActive;
    out.ideal = ceilDiv(requests * w, 128);
    out.best = groupMinimum(r, warpPairing, active);
    return out;
  }

  // 16-byte loads as ncu counts them: each half-warp on its own, merged when its lanes pair up
  // (k may differ between the halves) and the merged half fits one wavefront.
  const uint32_t halves[2] = {kHalf0, kHalf1};
  int halfPairing[2];
  bool merged[2];
  for (int h = 0; h < 2; ++h) {
    halfPairing[h] = pairing(r, halves[h]);
    merged[h] = halfPairing[h] != 0 && (active & halves[h]) != 0 && g.half(h) <= 1;
  }
  // Fitted to 34 measurements (docs/hardware-model.md, "ncu's quirk"): with an inactive lane in
  // the first half-warp and lane 31 active, ncu does not merge the second half-warp (unless all
  // active lanes read one address).
  if (merged[1] && (active & kHalf0) != kHalf0 && (active & laneBit(31)) && !allSameAddress(r, active))
    merged[1] = false;
  bool allPairedHalvesClean = true;
  for (int h = 0; h < 2; ++h)
    if (halfPairing[h] != 0 && g.half(h) > 1) allPairedHalvesClean = false;
  int requests = 0;
  for (int h = 0; h < 2; ++h) {
    out.reported += merged[h] ? g.half(h) : g.quarter(2 * h) + g.quarter(2 * h + 1);
    requests += (merged[h] && allPairedHalvesClean) ? pairSlots(active, halves[h], halfPairing[h])
                                                    : popcount(active & halves[h]);
  }
  out.ideal = ceilDiv(requests * w, 128);
  out.best = groupMinimum(r, warpPairing, active);
  return out;
}

BankMap explainRequest(const WarpRequest& r) {
  checkWidth(r.widthBytes);
  BankMap map;
  map.widthBytes = r.widthBytes;
  map.op = r.op;
  map.activeLanes = activeMask(r);
  map.wavefronts = countWavefronts(r);
  map.pairing = (r.op == MemOp::Load && r.widthBytes >= 8) ? pairing(r, kAllLanes) : 0;
  map.merged = map.pairing != 0;
  uint32_t groups[4];
  const int numGroups = hardwareGroups(r, map.pairing, groups);
  for (int g = 0; g < numGroups; ++g) {
    LaneGroup group;
    group.lanes = groups[g];
    for (uint32_t m = groups[g] & map.activeLanes; m; m &= m - 1) {
      const int l = __builtin_ctz(m);
      for (int64_t w = firstWord(r.addr[l]), e = lastWord(r.addr[l], r.widthBytes); w <= e; ++w) {
        BankUse& bank = group.banks[w % kNumBanks];
        bank.lanes |= laneBit(l);
        auto it = std::lower_bound(bank.words.begin(), bank.words.end(), w);
        if (it == bank.words.end() || *it != w) bank.words.insert(it, w);
      }
    }
    for (const BankUse& bank : group.banks)
      group.wavefronts = std::max(group.wavefronts, int(bank.words.size()));
    map.groups.push_back(std::move(group));
  }
  return map;
}

namespace {

// "0-7,9,12-13"
std::string laneList(uint32_t lanes) {
  std::string out;
  for (int l = 0; l < kWarpSize;) {
    if (!(lanes & laneBit(l))) {
      ++l;
      continue;
    }
    int e = l;
    while (e + 1 < kWarpSize && (lanes & laneBit(e + 1))) ++e;
    if (!out.empty()) out += ',';
    out += e == l ? fmt::format("{}", l) : fmt::format("{}-{}", l, e);
    l = e + 1;
  }
  return out.empty() ? "none" : out;
}

std::string groupingSentence(const BankMap& m) {
  const int w = m.widthBytes;
  if (w <= 4) return "one group of 32 lanes";
  if (m.op == MemOp::Store)
    return w == 8 ? "stores never merge: 2 groups of 16 lanes" : "stores never merge: 4 groups of 8 lanes";
  if (m.merged)
    return fmt::format("the lanes pair up (lanes n and n^{} read the same address), so {}", m.pairing,
                       w == 8 ? "the warp is one group of 32 lanes" : "each half-warp is one group of 16 lanes");
  return w == 8 ? "2 groups of 16 lanes (the lanes do not pair up)" : "4 groups of 8 lanes (the lanes do not pair up)";
}

}  // namespace

std::string formatBankMap(const BankMap& m) {
  std::string out = fmt::format(
      "{}-byte {}, {} active lane{}: {}; {} wavefront{} (ideal {}{})\n", m.widthBytes, toString(m.op),
      popcount(m.activeLanes), popcount(m.activeLanes) == 1 ? "" : "s", groupingSentence(m),
      m.wavefronts.actual, m.wavefronts.actual == 1 ? "" : "s", m.wavefronts.ideal,
      m.wavefronts.reported != m.wavefronts.actual
          ? fmt::format("; ncu's source view reports {}", m.wavefronts.reported)
          : std::string());
  for (const LaneGroup& g : m.groups) {
    out += fmt::format("group lanes {}: {} wavefront{}\n", laneList(g.lanes), g.wavefronts, g.wavefronts == 1 ? "" : "s");
    std::vector<int> order;
    for (int b = 0; b < kNumBanks; ++b)
      if (!g.banks[b].words.empty()) order.push_back(b);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return g.banks[a].words.size() > g.banks[b].words.size(); });
    for (int b : order) {
      const BankUse& use = g.banks[b];
      std::string words;
      for (int64_t w : use.words) {
        if (!words.empty()) words += ", ";
        words += fmt::format("{} (byte {})", w, w * kBankWidthBytes);
      }
      out += fmt::format("  bank {:2}: {} word{}  lanes {:<14} words {}\n", b, use.words.size(),
                         use.words.size() == 1 ? " " : "s", laneList(use.lanes), words);
    }
  }
  return out;
}

}  // namespace bankcheck::model
