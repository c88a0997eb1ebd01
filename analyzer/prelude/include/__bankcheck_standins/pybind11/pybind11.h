/* bankcheck stand-in for PyTorch's <pybind11/pybind11.h> (see __bankcheck_torch.h). */
#pragma once
#include <__bankcheck_torch.h>
