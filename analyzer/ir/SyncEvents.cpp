#include "ir/SyncEvents.h"

namespace bankcheck::ir {

const char* spelling(SyncEventKind k) {
  switch (k) {
    case SyncEventKind::AsyncCopy: return "cp.async";
    case SyncEventKind::Commit: return "commit";
    case SyncEventKind::Wait: return "wait";
    case SyncEventKind::Barrier: return "barrier";
    case SyncEventKind::SharedRead: return "read";
    case SyncEventKind::SharedWrite: return "write";
  }
  return "?";
}

}  // namespace bankcheck::ir
