/* bankcheck stand-in for PyTorch's <THC/THC.h> (see __bankcheck_torch.h). */
#pragma once
#include <__bankcheck_torch.h>
