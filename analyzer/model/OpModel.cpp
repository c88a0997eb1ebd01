#include "OpModel.h"

#include <algorithm>
#include <stdexcept>

namespace bankcheck::model {

namespace {

// Largest number of distinct 4-byte words in one bank among lanes [first, first+count) that
// give an address, each covering `width` bytes; 0 when none does. Words per bank are few
// (at most 32 lanes x 4 words), so a flat array with linear search beats a set.
int maxDistinctWordsPerBank(const OpRequest& r, int first, int count, int width) {
  std::array<int, kNumBanks> n{};
  std::array<std::array<int64_t, kWarpSize * 4>, kNumBanks> words;
  int best = 0;
  for (int l = first; l < first + count; ++l) {
    if (r.addr[l] < 0) continue;
    for (int64_t w = r.addr[l] / kBankWidthBytes; w <= (r.addr[l] + width - 1) / kBankWidthBytes; ++w) {
      const int b = int(w % kNumBanks);
      auto end = words[b].begin() + n[b];
      if (std::find(words[b].begin(), end, w) == end) words[b][n[b]++] = w;
      best = std::max(best, n[b]);
    }
  }
  return best;
}

int activeLanes(const OpRequest& r, int first, int count) {
  int n = 0;
  for (int l = first; l < first + count; ++l) n += r.addr[l] >= 0;
  return n;
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
// The 128-byte line of a byte address, rounding down for the negative ones.
int64_t lineOf(int64_t address) { return address >= 0 ? address / 128 : (address - 127) / 128; }

// cp.async.cg with its sources: what Nsight Compute's source view counts for the instruction
// (measurements/h200-cpasync-cg-source.csv). The lanes that read one 128-byte global line and
// write one 128-byte shared line form a group; a group takes one wavefront for every distinct
// XOR of a lane's 16-byte chunk position in the global line with its chunk position in the shared
// line (a tile row copied straight, or XOR-swizzled, is one). Exact where every group has one XOR
// (35 of 35 held-out random patterns, and every structured one); with several, the count is
// within a few wavefronts (docs/hardware-model.md).
// The ideal, as for cp.async.ca, is one wavefront per global line read: what no shared layout
// can beat (Nsight Compute's own ideal, ceil(active lanes * 16 / 128), is computed by the caller).
OpWavefronts bypassSourceView(const OpRequest& r) {
  OpWavefronts wf;
  std::array<bool, kWarpSize> done{};
  for (int first = 0; first < kWarpSize; ++first) {
    if (done[first] || r.addr[first] < 0) continue;
    const int64_t srcLine = lineOf(r.source[first]), dstLine = lineOf(r.addr[first]);
    uint8_t xors = 0;  // bit x: some lane's chunks differ by XOR x
    for (int l = first; l < kWarpSize; ++l) {
      if (done[l] || r.addr[l] < 0 || lineOf(r.source[l]) != srcLine || lineOf(r.addr[l]) != dstLine) continue;
      done[l] = true;
      const int64_t srcChunk = (r.source[l] - srcLine * 128) / 16, dstChunk = (r.addr[l] - dstLine * 128) / 16;
      xors |= static_cast<uint8_t>(1u << ((srcChunk ^ dstChunk) & 7));
    }
    const int groups = __builtin_popcount(xors);
    wf.actual += groups;
    if (groups > 1) wf.fit = OpFit::Approximate;
  }
  std::array<int64_t, kWarpSize> lines{};
  int distinct = 0;
  for (int l = 0; l < kWarpSize; ++l) {
    if (r.addr[l] < 0) continue;
    const int64_t line = lineOf(r.source[l]);
    if (std::find(lines.begin(), lines.begin() + distinct, line) == lines.begin() + distinct) lines[static_cast<size_t>(distinct++)] = line;
  }
  wf.ideal = distinct;
  return wf;
}
}  // namespace

OpWavefronts countOpWavefronts(const OpRequest& r) {
  OpWavefronts wf;
  switch (r.kind) {
    case OpKind::Ldsm:
    case OpKind::Stsm: {
      if (r.matrices != 1 && r.matrices != 2 && r.matrices != 4)
        throw std::invalid_argument("ldsm/stsm take 1, 2 or 4 matrices");
      // One matrix (8 row addresses of 16 bytes) per group; measured: .trans and ld/st alike.
      for (int m = 0; m < r.matrices; ++m) wf.actual += std::max(1, maxDistinctWordsPerBank(r, 8 * m, 8, 16));
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
      const int active = activeLanes(r, 0, kWarpSize);
      if (active == 0) return wf;
      if (r.bypassL1 && !r.hasSource) {
        // The launch's shared-wavefront counter includes no write of LDGSTS.E.BYPASS.128, even
        // 32 lanes on one bank: what the shared ground truth (no sources) measured.
        wf.ideal = wf.actual = std::max(1, (active * 16 + 127) / 128);
        wf.fit = OpFit::CounterOnly;
        return wf;
      }
      if (r.bypassL1) return bypassSourceView(r);
      // The L1 writes shared memory per 128-byte global line it fetched: the lanes reading one
      // line form a group, written like one LDS group; the instruction takes the sum.
      std::array<int64_t, kWarpSize> source{}, line{};
      for (int l = 0; l < kWarpSize; ++l) {
        source[l] = r.hasSource ? r.source[l] : int64_t{16} * l;
        line[l] = lineOf(source[l]);
      }
      std::array<bool, kWarpSize> done{};
      bool partialLineConflicts = false;  // a group that conflicts reads less than its whole line
      bool increasing = true;             // every group reads its line in lane order, gaps allowed
      for (int first = 0; first < kWarpSize; ++first) {
        if (done[first] || r.addr[first] < 0) continue;
        OpRequest group = r;
        int64_t expected = -1;
        bool inOrder = true;
        int members = 0;
        for (int l = 0; l < kWarpSize; ++l) {
          const bool member = r.addr[l] >= 0 && line[l] == line[first];
          group.addr[l] = member ? r.addr[l] : -1;
          if (!member) continue;
          done[l] = true;
          ++members;
          if (expected >= 0 && source[l] != expected) inOrder = false;
          if (expected >= 0 && source[l] < expected) increasing = false;
          expected = source[l] + r.widthBytes;
        }
        const int cost = std::max(1, maxDistinctWordsPerBank(group, 0, kWarpSize, r.widthBytes));
        wf.actual += cost;
        ++wf.ideal;
        if (!inOrder) wf.fit = OpFit::Approximate;
        if (cost > 1 && members * r.widthBytes < 128) partialLineConflicts = true;
      }
      // Measured (measurements/h200-cpasync-gaps.csv): when a group that conflicts reads only
      // part of its line, the H200 overlaps its writes with other lines' wherever their banks
      // differ, by an amount no rule fitted yet (17 to 27 where the sum is 32). The count is
      // still exact when no overlap could lower it: when the fewest wavefronts, one per line or
      // the most words one bank receives from the whole warp, equal the sum. Where the lanes
      // read each line in lane order (gaps allowed) the sum and the fewest bound every
      // measurement (97 rows); out of order they do not.
      wf.fewest = std::max(wf.ideal, maxDistinctWordsPerBank(r, 0, kWarpSize, r.widthBytes));
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
  std::array<bool, kWarpSize> done{};
  const auto source = [&](int l) { return r.hasSource ? r.source[static_cast<size_t>(l)] : int64_t{16} * l; };
  for (int first = 0; first < kWarpSize; ++first) {
    if (done[first] || r.addr[first] < 0) continue;
    ++worst.groups;
    const int64_t srcLine = lineOf(source(first)), dstLine = lineOf(r.addr[first]);
    uint32_t lanes = 0;
    uint8_t xors = 0;
    std::array<std::array<int64_t, kWarpSize * 4>, kNumBanks> words;
    std::array<int, kNumBanks> count{};
    std::array<uint32_t, kNumBanks> bankLanes{};
    for (int l = first; l < kWarpSize; ++l) {
      if (done[l] || r.addr[l] < 0 || lineOf(source(l)) != srcLine || (r.bypassL1 && lineOf(r.addr[l]) != dstLine)) continue;
      done[l] = true;
      lanes |= 1u << l;
      if (r.bypassL1) {
        xors |= static_cast<uint8_t>(1u << ((((source(l) - srcLine * 128) / 16) ^ ((r.addr[l] - dstLine * 128) / 16)) & 7));
        continue;
      }
      for (int64_t w = r.addr[l] / kBankWidthBytes; w <= (r.addr[l] + r.widthBytes - 1) / kBankWidthBytes; ++w) {
        const size_t b = static_cast<size_t>(w % kNumBanks);
        bankLanes[b] |= 1u << l;
        auto end = words[b].begin() + count[b];
        if (std::find(words[b].begin(), end, w) == end) words[b][static_cast<size_t>(count[b]++)] = w;
      }
    }
    if (r.bypassL1) {
      if (__builtin_popcount(xors) > worst.xors) {
        worst.xors = __builtin_popcount(xors);
        worst.lanes = lanes;
      }
      continue;
    }
    for (int b = 0; b < kNumBanks; ++b)
      if (count[static_cast<size_t>(b)] > worst.words) {
        worst.words = count[static_cast<size_t>(b)];
        worst.bank = b;
        worst.lanes = bankLanes[static_cast<size_t>(b)];
      }
  }
  return worst;
}

}  // namespace bankcheck::model
