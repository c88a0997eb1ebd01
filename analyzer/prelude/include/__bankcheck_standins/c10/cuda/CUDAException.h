/* bankcheck stand-in for PyTorch's <c10/cuda/CUDAException.h> (see __bankcheck_torch.h). */
#pragma once
#include <__bankcheck_torch.h>
