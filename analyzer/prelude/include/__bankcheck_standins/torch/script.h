/* bankcheck stand-in for PyTorch's <torch/script.h> (see __bankcheck_torch.h). */
#pragma once
#include <__bankcheck_torch.h>
