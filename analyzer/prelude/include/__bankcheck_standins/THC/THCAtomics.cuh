/* bankcheck stand-in for PyTorch's <THC/THCAtomics.cuh> (see __bankcheck_torch.h). */
#pragma once
#include <__bankcheck_torch.h>
