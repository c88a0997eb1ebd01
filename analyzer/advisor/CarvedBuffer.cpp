#include "advisor/CarvedBuffer.h"

#include <map>
#include <set>

namespace bankcheck::advisor {

std::optional<CarvedBuffer> carvedBufferOf(const ir::TranslationUnit& tu, const std::vector<int>& arrays) {
  std::set<int> roots;
  for (int id : arrays) {
    const ir::SharedArray& a = tu.array(id);
    if (!a.isDynamic) return std::nullopt;
    roots.insert(a.carvedFrom >= 0 ? a.carvedFrom : id);
  }
  // Every `extern __shared__` declaration of one name in the file declares one array (nvcc rejects
  // two types for it): where it is declared with rows (`shmem[][ROW]`), a padding edits that row
  // in every declaration, so the declarations in other kernels are padded together. (Without rows
  // no declaration changes: each kernel's indices and launches are its own.)
  const std::set<int> declared(roots);
  for (const ir::SharedArray& x : tu.arrays)
    if (x.isDynamic && x.carvedFrom < 0 && !x.dims.empty() && !declared.count(x.id))
      for (int r : declared)
        if (tu.array(r).carvedFrom < 0 && tu.array(r).name == x.name && tu.array(r).elementType == x.elementType &&
            tu.array(r).dims == x.dims)
          roots.insert(x.id);
  // Carved: a view at an offset that is not 0, two views of one instance, or the buffer also
  // accessed by name beside a view.
  std::map<int, int> views;  // root -> views carved out of it
  std::set<int> members(roots);  // the buffers and their views
  bool carved = false;
  for (const ir::SharedArray& v : tu.arrays) {
    if (v.carvedFrom < 0 || !roots.count(v.carvedFrom)) continue;
    members.insert(v.id);
    int64_t offset = 0;
    if (!(ir::isConst(v.carveOffset, &offset) && offset == 0)) carved = true;
    if (++views[v.carvedFrom] > 1) carved = true;
  }
  CarvedBuffer out;
  for (const ir::Access& acc : tu.accesses) {
    if (!members.count(acc.array)) continue;
    if (roots.count(acc.array) && views.count(acc.array)) carved = true;
    out.accesses.push_back(acc.id);
  }
  if (!carved) return std::nullopt;
  const ir::SharedArray& first = tu.array(*roots.begin());
  out.key = first.declKey;
  out.name = first.name;
  out.roots.assign(roots.begin(), roots.end());
  // An access the walker could not record would not move with the buffer's rows.
  for (int id : members)
    if (!tu.array(id).untrackedAccess.empty()) {
      out.whyNot = tu.array(id).untrackedAccess + ", so a change of the layout of '" + first.name + "' cannot be checked for it";
      return out;
    }
  for (int r : roots)
    if (tu.array(r).dims.size() > 1) {
      out.whyNot = "'" + first.name + "' is declared with rows (" + std::to_string(tu.array(r).dims.size()) +
                   " dimensions), which a padding of the whole buffer counted in elements does not follow";
      break;
    }
  return out;
}

}  // namespace bankcheck::advisor
