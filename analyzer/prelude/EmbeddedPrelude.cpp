#include "prelude/EmbeddedPrelude.h"

namespace bankcheck::prelude {

const char* forcedIncludeName() { return "__bankcheck_prelude.h"; }

}  // namespace bankcheck::prelude
