#include "rules/CheckRegistry.h"

#include <algorithm>

#include "rules/BankConflictCheck.h"
#include "rules/CpAsyncBarrierCheck.h"
#include "rules/CpAsyncCommitCheck.h"
#include "rules/CpAsyncWaitAllInLoopCheck.h"
#include "rules/CpAsyncWaitCheck.h"
#include "rules/DynamicSharedOptInCheck.h"
#include "rules/MissingSyncthreadsCheck.h"
#include "rules/NotAnalyzedCheck.h"
#include "rules/NotWalkedCheck.h"
#include "rules/IneffectivePaddingCheck.h"
#include "rules/OccupancyCliffCheck.h"
#include "rules/PaddingWrongDimensionCheck.h"
#include "rules/PingPongIndexCheck.h"
#include "rules/ShapeDependentCheck.h"
#include "rules/LibraryConflictCheck.h"
#include "rules/SharedOverCapacityCheck.h"
#include "rules/StaticSharedOver48kCheck.h"
#include "rules/StrideMismatchCheck.h"
#include "rules/UnknownAccessCheck.h"
#include "rules/UnresolvedLaunchCheck.h"

namespace bankcheck::rules {

namespace {
CheckInfo reported(const char* name, report::Level level, const char* summary) {
  return {name, level, summary, std::string("docs/rules/") + name + ".md", nullptr};
}

CheckInfo implemented(const Check& c) {
  return {c.name(), c.level(), c.summary(), std::string("docs/rules/") + c.name() + ".md", &c};
}
}  // namespace

const std::vector<CheckInfo>& allChecks() {
  static const BankConflictCheck bankConflict;
  static const ShapeDependentCheck shapeDependent;
  static const LibraryConflictCheck libraryConflict;
  static const UnknownAccessCheck unknownAccess;
  static const NotAnalyzedCheck notAnalyzed;
  static const NotWalkedCheck notWalked;
  static const UnresolvedLaunchCheck unresolvedLaunch;
  static const StaticSharedOver48kCheck staticOver48k;
  static const SharedOverCapacityCheck overCapacity;
  static const DynamicSharedOptInCheck dynamicOptIn;
  static const CpAsyncCommitCheck cpAsyncCommit;
  static const CpAsyncWaitCheck cpAsyncWait;
  static const CpAsyncBarrierCheck cpAsyncBarrier;
  static const CpAsyncWaitAllInLoopCheck cpAsyncWaitAllInLoop;
  static const PingPongIndexCheck pingPongIndex;
  static const MissingSyncthreadsCheck missingSyncthreads;
  static const OccupancyCliffCheck occupancyCliff;
  static const PaddingWrongDimensionCheck paddingWrongDimension;
  static const IneffectivePaddingCheck ineffectivePadding;
  static const StrideMismatchCheck strideMismatch;
  static const std::vector<CheckInfo> checks = [] {
    std::vector<CheckInfo> v = {
        implemented(bankConflict),
        implemented(shapeDependent),
        implemented(libraryConflict),
        implemented(unknownAccess),
        implemented(notAnalyzed),
        implemented(notWalked),
        implemented(unresolvedLaunch),
        reported("bankcheck-nolint", report::Level::Error, "a NOLINTBEGIN comment without its NOLINTEND, or the reverse"),
        implemented(staticOver48k),
        implemented(overCapacity),
        implemented(dynamicOptIn),
        implemented(cpAsyncCommit),
        implemented(cpAsyncWait),
        implemented(cpAsyncBarrier),
        implemented(cpAsyncWaitAllInLoop),
        implemented(pingPongIndex),
        implemented(missingSyncthreads),
        implemented(occupancyCliff),
        implemented(paddingWrongDimension),
        implemented(ineffectivePadding),
        implemented(strideMismatch),
    };
    std::sort(v.begin(), v.end(), [](const CheckInfo& a, const CheckInfo& b) { return a.name < b.name; });
    return v;
  }();
  return checks;
}

}  // namespace bankcheck::rules
