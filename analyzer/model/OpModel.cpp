#include "OpModel.h"

#include <algorithm>
#include <stdexcept>

namespace bankcheck::model {

namespace {

// A cp.async lane's global source; without sources, lanes read 16 bytes each in lane order.
int64_t copySource(const OpRequest& r, int lane) { return r.hasSource ? r.source[static_cast<size_t>(lane)] : int64_t{16} * lane; }

// The bank that receives the most distinct 4-byte words from the lanes in `lanes` that give an
// address, each covering `width` bytes (words = 0 when none does), and the lanes that touch it;
// with `repeatsSerialize`, a lane whose copy repeats an earlier lane's (same place, same source)
// counts its words again. Words per bank are few (at most 32 lanes x 4 words), so a flat array
// with linear search beats a set.
struct BankLoad {
  int words = 0;
  int bank = -1;
  uint32_t lanes = 0;
};
BankLoad busiestBank(const OpRequest& r, uint32_t lanes, int width, bool repeatsSerialize) {
  std::array<int, kNumBanks> n{};
  std::array<uint32_t, kNumBanks> touching{};
  std::array<std::array<int64_t, kWarpSize * 4>, kNumBanks> words;
  for (int l = 0; l < kWarpSize; ++l) {
    if (!(lanes >> l & 1) || r.addr[l] < 0) continue;
    const bool repeat = repeatsSerialize && repeatsEarlierCopy(r, lanes, l);  // writes its words again
    for (int64_t w = r.addr[l] / kBankWidthBytes; w <= (r.addr[l] + width - 1) / kBankWidthBytes; ++w) {
      const size_t b = static_cast<size_t>(w % kNumBanks);
      touching[b] |= 1u << l;
      auto end = words[b].begin() + n[b];
      if (repeat || std::find(words[b].begin(), end, w) == end) words[b][static_cast<size_t>(n[b]++)] = w;
    }
  }
  BankLoad busiest;
  for (int b = 0; b < kNumBanks; ++b)
    if (n[static_cast<size_t>(b)] > busiest.words) busiest = {n[static_cast<size_t>(b)], b, touching[static_cast<size_t>(b)]};
  return busiest;
}

int maxDistinctWordsPerBank(const OpRequest& r, uint32_t lanes, int width) { return busiestBank(r, lanes, width, false).words; }

int activeLanes(const OpRequest& r) {
  int n = 0;
  for (int l = 0; l < kWarpSize; ++l) n += r.addr[l] >= 0;
  return n;
}

// The 128-byte line of a byte address, rounding down for the negative ones.
int64_t lineOf(int64_t address) { return address >= 0 ? address / 128 : (address - 127) / 128; }

// The groups a cp.async's shared writes are made in: the lanes that give an address and read one
// 128-byte global line (and, with `byDestinationLine`, write one 128-byte shared line, as .cg's
// source view counts them). Calls `visit(lanes)` once per group, in the order of its first lane.
template <class Visit>
void forEachCopyGroup(const OpRequest& r, bool byDestinationLine, Visit visit) {
  std::array<int64_t, kWarpSize> source{}, destination{};
  uint32_t left = 0;
  for (int l = 0; l < kWarpSize; ++l) {
    if (r.addr[l] < 0) continue;
    left |= 1u << l;
    source[static_cast<size_t>(l)] = lineOf(copySource(r, l));
    destination[static_cast<size_t>(l)] = lineOf(r.addr[l]);
  }
  while (left) {
    const size_t first = static_cast<size_t>(__builtin_ctz(left));
    uint32_t group = 0;
    for (uint32_t m = left; m; m &= m - 1) {
      const size_t l = static_cast<size_t>(__builtin_ctz(m));
      if (source[l] == source[first] && (!byDestinationLine || destination[l] == destination[first])) group |= 1u << l;
    }
    left &= ~group;
    visit(group);
  }
}

// The 16-byte position of a byte address in its 128-byte line (0..7).
int chunkOf(int64_t address) { return static_cast<int>((address - lineOf(address) * 128) / 16); }

// .cg: the wavefronts of one (global line, shared line) group. Fitted to 791 H200 rows
// (measurements/cpasync/fit_cg_rule.py, 'sector'): one wavefront moves whole 32-byte sectors, or
// one same 16-byte half of several sectors, under one XOR in bits 0-1 of the chunk positions; bit 2
// of the XOR may differ between source sectors {0, 2} and {1, 3}. Chunks read more than once into
// one destination half are costed in layers (measurements/cpasync/gen_dup_patterns.py,
// 'layered_group', held out on 108 rows).
int sectorGroupCost(const OpRequest& r, uint32_t group) {
  struct Pair {
    int c, e;  // 16-byte positions in the global line and in the shared line
  };
  Pair pairs[kWarpSize];
  int n = 0;
  for (uint32_t m = group; m; m &= m - 1) {
    const int l = __builtin_ctz(m);
    pairs[n++] = {chunkOf(copySource(r, l)), chunkOf(r.addr[static_cast<size_t>(l)])};
  }
  // Layers: the copies of one source chunk into one destination half, numbered from the group's
  // last lane back (layer k: k later lanes copy it there too). Each layer costs what the rule
  // gives it alone (measured: 1,027 rows, 108 of them held out, measurements/cpasync/README.md).
  int layer[kWarpSize];
  int layers = 0;
  for (int i = 0; i < n; ++i) {
    layer[i] = 0;
    for (int j = i + 1; j < n; ++j) layer[i] += pairs[j].c == pairs[i].c && ((pairs[i].e ^ pairs[j].e) & 1) == 0;
    layers = std::max(layers, layer[i] + 1);
  }
  int wavefronts = 0;
  for (int k = 0; k < layers; ++k) {
    // Units: a lane and the first later lane of its layer reading the other half of its source
    // sector into the other half of the same destination sector (the same XOR) move one whole
    // sector.
    bool used[kWarpSize] = {};
    uint8_t xors[3][4][2] = {};  // [whole sector, half 0, half 1][x & 3][bit 1 of the source chunk]
    for (int i = 0; i < n; ++i) {
      if (layer[i] != k || used[i]) continue;
      used[i] = true;
      bool whole = false;
      for (int j = i + 1; j < n; ++j)
        if (layer[j] == k && !used[j] && pairs[j].c == (pairs[i].c ^ 1) && pairs[j].e == (pairs[i].e ^ 1)) {
          used[j] = whole = true;
          break;
        }
      const int x = pairs[i].c ^ pairs[i].e;
      xors[whole ? 0 : 1 + (pairs[i].c & 1)][x & 3][(pairs[i].c >> 1) & 1] |= static_cast<uint8_t>(1u << x);
    }
    for (auto& byKind : xors)
      for (auto& byLow : byKind) wavefronts += std::max(__builtin_popcount(byLow[0]), __builtin_popcount(byLow[1]));
  }
  return wavefronts;
}

}  // namespace

const char* toString(OpFit fit) {
  switch (fit) {
    case OpFit::Exact: return "exact";
    case OpFit::Approximate: return "approximate";
    case OpFit::CounterOnly: return "counter-only";
  }
  return "?";
}

std::optional<OpRequest> parseOpName(const std::string& name) {
  OpRequest r;
  auto matrixOp = [&](const std::string& rest) -> bool {
    // rest: "x1", "x2", "x4", optionally followed by ".trans"
    if (rest.size() < 2 || rest[0] != 'x' || (rest[1] != '1' && rest[1] != '2' && rest[1] != '4')) return false;
    r.matrices = rest[1] - '0';
    r.widthBytes = 16;
    if (rest.size() == 2) return true;
    if (rest.substr(2) != ".trans") return false;
    r.trans = true;
    return true;
  };
  if (name.rfind("ldsm.", 0) == 0) {
    r.kind = OpKind::Ldsm;
    if (matrixOp(name.substr(5))) return r;
  } else if (name.rfind("stsm.", 0) == 0) {
    r.kind = OpKind::Stsm;
    if (matrixOp(name.substr(5))) return r;
  } else if (name == "cpasync.4" || name == "cpasync.8" || name == "cpasync.16") {
    // The shared ground truth's names: its probe used .ca for 4 and 8 bytes, .cg for 16.
    r.kind = OpKind::CpAsync;
    r.widthBytes = std::stoi(name.substr(8));
    r.bypassL1 = r.widthBytes == 16;
    return r;
  } else if (name == "cpasync.ca.4" || name == "cpasync.ca.8" || name == "cpasync.ca.16" || name == "cpasync.cg.16") {
    r.kind = OpKind::CpAsync;
    r.widthBytes = std::stoi(name.substr(11));
    r.bypassL1 = name[9] == 'g';
    return r;
  } else if (name == "atom.4") {
    r.kind = OpKind::Atom;
    r.widthBytes = 4;
    return r;
  }
  return std::nullopt;
}

std::string opName(const OpRequest& r) {
  switch (r.kind) {
    case OpKind::Ldsm:
    case OpKind::Stsm:
      return std::string(r.kind == OpKind::Ldsm ? "ldsm" : "stsm") + ".x" + std::to_string(r.matrices) +
             (r.trans ? ".trans" : "");
    case OpKind::CpAsync: return std::string(r.bypassL1 ? "cpasync.cg." : "cpasync.ca.") + std::to_string(r.widthBytes);
    case OpKind::Atom: return "atom." + std::to_string(r.widthBytes);
  }
  return "?";
}

namespace {
// cp.async.cg with its sources: what Nsight Compute's source view counts for the instruction
// (measurements/h200-cpasync-cg-source.csv and h200-cpasync-cg-rotations.csv). The lanes that read
// one 128-byte global line and write one 128-byte shared line form a group, costed by
// sectorGroupCost (a tile row copied straight, or XOR-swizzled, is one wavefront; a row rotated
// over two shared lines, as a padded tile has it, two to four). All 1,027 measured rows, a chunk
// read twice into one destination half included (docs/hardware-model.md).
// The ideal, as for cp.async.ca, is one wavefront per global line read: what no shared layout
// can beat (Nsight Compute's own ideal, ceil(active lanes * 16 / 128), is computed by the caller).
OpWavefronts bypassSourceView(const OpRequest& r) {
  OpWavefronts wf;
  forEachCopyGroup(r, true, [&](uint32_t group) {
    wf.actual += sectorGroupCost(r, group);
  });
  forEachCopyGroup(r, false, [&](uint32_t) { ++wf.ideal; });  // the global lines read
  return wf;
}
}  // namespace

bool repeatsEarlierCopy(const OpRequest& r, uint32_t lanes, int lane) {
  if (!(lanes >> lane & 1) || r.addr[lane] < 0) return false;
  for (int k = 0; k < lane; ++k)
    if ((lanes >> k & 1) && r.addr[k] == r.addr[lane] && copySource(r, k) == copySource(r, lane)) return true;
  return false;
}

OpWavefronts countOpWavefronts(const OpRequest& r) {
  OpWavefronts wf;
  switch (r.kind) {
    case OpKind::Ldsm:
    case OpKind::Stsm: {
      if (r.matrices != 1 && r.matrices != 2 && r.matrices != 4)
        throw std::invalid_argument("ldsm/stsm take 1, 2 or 4 matrices");
      // One matrix (8 row addresses of 16 bytes) per group; measured: .trans and ld/st alike.
      for (int m = 0; m < r.matrices; ++m) wf.actual += std::max(1, maxDistinctWordsPerBank(r, 0xFFu << (8 * m), 16));
      wf.ideal = r.matrices;
      return wf;
    }
    case OpKind::Atom: {
      if (r.widthBytes != 4) throw std::invalid_argument("only 4-byte shared atomics are modelled");
      // Atomics on one word are serialized, not broadcast: count lanes per bank, not words.
      std::array<int, kNumBanks> lanes{};
      for (int l = 0; l < kWarpSize; ++l)
        if (r.addr[l] >= 0) wf.actual = std::max(wf.actual, ++lanes[(r.addr[l] / kBankWidthBytes) % kNumBanks]);
      wf.ideal = wf.actual > 0 ? 1 : 0;
      return wf;
    }
    case OpKind::CpAsync: {
      if (r.widthBytes != 4 && r.widthBytes != 8 && r.widthBytes != 16)
        throw std::invalid_argument("cp.async copies 4, 8 or 16 bytes");
      if (r.bypassL1 && r.widthBytes != 16) throw std::invalid_argument("cp.async.cg copies 16 bytes");
      const int active = activeLanes(r);
      if (active == 0) return wf;
      if (r.bypassL1 && !r.hasSource) {
        // The launch's shared-wavefront counter includes no write of LDGSTS.E.BYPASS.128, even
        // 32 lanes on one bank: what the shared ground truth (no sources) measured.
        wf.ideal = wf.actual = std::max(1, (active * 16 + 127) / 128);
        wf.fit = OpFit::CounterOnly;
        return wf;
      }
      if (r.bypassL1) {  // a lane that repeats an earlier lane's copy adds nothing
        OpRequest once = r;
        for (int l = 0; l < kWarpSize; ++l)
          if (r.addr[l] >= 0 && repeatsEarlierCopy(r, ~0u, l)) once.addr[l] = -1;
        return bypassSourceView(once);
      }
      // The L1 writes shared memory per 128-byte global line it fetched: the lanes reading one
      // line form a group, written like one LDS group; the instruction takes the sum.
      bool partialLineConflicts = false;  // a group that conflicts reads less than its whole line
      bool increasing = true;             // every group reads its line in lane order, gaps allowed
      forEachCopyGroup(r, false, [&](uint32_t group) {
        int64_t expected = -1;
        bool inOrder = true;
        for (uint32_t m = group; m; m &= m - 1) {
          const int64_t source = copySource(r, __builtin_ctz(m));
          if (expected >= 0 && source != expected) inOrder = false;
          if (expected >= 0 && source < expected) increasing = false;
          expected = source + r.widthBytes;
        }
        // Lanes that repeat an earlier lane's copy (a warp tile's partial last round of
        // cooperative_groups::memcpy_async) each take their wavefront: measured on the H100
        // (measurements/cgcopy/README.md), unlike .cg, which copies such a chunk once.
        const int cost = std::max(1, busiestBank(r, group, r.widthBytes, true).words);
        wf.actual += cost;
        ++wf.ideal;
        if (!inOrder) wf.fit = OpFit::Approximate;
        if (cost > 1 && __builtin_popcount(group) * r.widthBytes < 128) partialLineConflicts = true;
      });
      // Measured (measurements/h200-cpasync-gaps.csv): when a group that conflicts reads only
      // part of its line, the H200 overlaps its writes with other lines' wherever their banks
      // differ, by an amount no rule fitted yet (17 to 27 where the sum is 32). The count is
      // still exact when no overlap could lower it: when the fewest wavefronts, one per line or
      // the most words one bank receives from the whole warp, equal the sum. Where the lanes
      // read each line in lane order (gaps allowed) the sum and the fewest bound every
      // measurement (97 rows); out of order they do not.
      wf.fewest = std::max(wf.ideal, busiestBank(r, ~0u, r.widthBytes, true).words);
      if (partialLineConflicts && wf.fewest < wf.actual) {
        wf.fit = OpFit::Approximate;
        wf.linesOverlap = increasing;
      }
      return wf;
    }
  }
  return wf;
}

CpAsyncWorstGroup explainCpAsync(const OpRequest& r) {
  CpAsyncWorstGroup worst;
  forEachCopyGroup(r, r.bypassL1, [&](uint32_t group) {
    ++worst.groups;
    if (r.bypassL1) {
      const int wavefronts = sectorGroupCost(r, group);
      if (wavefronts > worst.wavefronts) {
        worst.wavefronts = wavefronts;
        worst.lanes = group;
      }
      return;
    }
    const BankLoad busiest = busiestBank(r, group, r.widthBytes, true);
    if (busiest.words > worst.words) {
      worst.words = busiest.words;
      worst.bank = busiest.bank;
      worst.lanes = busiest.lanes;
    }
  });
  return worst;
}

}  // namespace bankcheck::model
