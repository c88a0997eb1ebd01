// A padding set at each instantiation: when a template tile (`tile[64][64 + PAD]`) needs a
// different padding in each instantiation, and its padding is a kernel template parameter that
// nothing else uses, the argument each launch writes (`transpose<0><<<...>>>`) is changed instead
// of the template. Each instance is searched alone (PaddingSearch) and evaluated on the IR.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "advisor/PaddingSearch.h"
#include "advisor/Proposal.h"

namespace bankcheck::advisor {

struct PerInstantiationPadding {
  bool found = false;
  std::vector<Edit> edits;                          // one per launch site whose argument changes
  std::string param;                                // the template parameter, e.g. "PAD"
  int dim = -1;                                     // the dimension it pads
  std::string description;                          // "transpose<0>: PAD = 1 (pad.cu:9); ..."
  Evaluation evaluation;                            // every instance with its own padding
  std::vector<std::pair<int, int64_t>> bytesAdded;  // per kernel instance, the bytes its block grows
  std::set<std::string> alsoPadded;                 // other arrays the parameter sizes, padded alike and no worse
  std::map<std::string, double> alsoPaddedWorst;    // their declarations (declKey): the worst ways before, any instance
  std::string whyNot;                               // when not found: what stands in the way
  bool blockedAtLaunches = false;  // each instantiation has a padding alone; setting it per instantiation is what fails
};

// `arrays` are the instances of one declaration (at least two), `accesses` all of their accesses.
PerInstantiationPadding searchPerInstantiation(ir::TranslationUnit& scratch, const ir::TranslationUnit& tu, const std::vector<int>& arrays,
                                               const std::vector<int>& accesses, int64_t maxStaticBytes,
                                               const std::function<bool()>& expired);

}  // namespace bankcheck::advisor
