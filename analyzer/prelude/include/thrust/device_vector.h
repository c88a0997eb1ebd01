/* bankcheck prelude: thrust/device_vector.h (see __bankcheck_vector.h). */
#pragma once
#include <thrust/__bankcheck_vector.h>
