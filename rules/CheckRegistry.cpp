#include "rules/CheckRegistry.h"

#include <algorithm>

#include "rules/CpAsyncBarrierCheck.h"
#include "rules/CpAsyncCommitCheck.h"
#include "rules/CpAsyncWaitAllInLoopCheck.h"
#include "rules/CpAsyncWaitCheck.h"
#include "rules/DynamicSharedOptInCheck.h"
#include "rules/MissingSyncthreadsCheck.h"
#include "rules/IneffectivePaddingCheck.h"
#include "rules/OccupancyCliffCheck.h"
#include "rules/PaddingWrongDimensionCheck.h"
#include "rules/PingPongIndexCheck.h"
#include "rules/SharedOverCapacityCheck.h"
#include "rules/StaticSharedOver48kCheck.h"
#include "rules/StrideMismatchCheck.h"

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
        reported("bankcheck-bank-conflict", report::Level::Warning,
                 "a shared-memory access needs more wavefronts per warp than its ideal (a bank conflict), at or above --min-ways"),
        reported("bankcheck-shape-dependent", report::Level::Remark,
                 "a bank conflict that only some block shapes of an assumed family have"),
        reported("bankcheck-unknown", report::Level::Remark, "a shared-memory access whose bank conflicts are not computed, with the reason"),
        reported("bankcheck-not-analyzed", report::Level::Remark,
                 "a kernel not analyzed (it does not compile, or a template is never instantiated)"),
        reported("bankcheck-not-walked", report::Level::Remark,
                 "code inside an analyzed kernel that was not followed (recursion, unmodelled PTX, a shared array stored in an object)"),
        reported("bankcheck-unresolved-launch", report::Level::Remark, "a launch whose block shape is not computed"),
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
