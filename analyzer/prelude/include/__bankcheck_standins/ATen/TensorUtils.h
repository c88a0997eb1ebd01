/* bankcheck stand-in for PyTorch's <ATen/TensorUtils.h> (see __bankcheck_torch.h). */
#pragma once
#include <__bankcheck_torch.h>
