/* bankcheck stand-in for PyTorch's <ATen/cuda/CUDAEvent.h> (see __bankcheck_torch.h). */
#pragma once
#include <__bankcheck_torch.h>
