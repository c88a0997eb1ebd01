/* bankcheck stand-in for PyTorch's <ATen/cuda/detail/IndexUtils.cuh> (see __bankcheck_torch.h). */
#pragma once
#include <__bankcheck_torch.h>
