/* bankcheck stand-in for PyTorch's <ATen/cuda/Atomic.cuh> (see __bankcheck_torch.h). */
#pragma once
#include <__bankcheck_torch.h>
