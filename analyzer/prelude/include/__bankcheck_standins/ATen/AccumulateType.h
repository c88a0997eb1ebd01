/* bankcheck stand-in for PyTorch's <ATen/AccumulateType.h> (see __bankcheck_torch.h). */
#pragma once
#include <__bankcheck_torch.h>
