// Host program for measuring a case of tests/cases on the GPU: it includes the case named by
// -DCASE_FILE="..." and calls its `void launch(P*...)` with one zeroed 4 MB device buffer per
// pointer parameter (case-before-after-h200.sh).
#include CASE_FILE

template <class... P>
int runLaunch(void (*launchCase)(P...)) {
  void* buffers[sizeof...(P) + 1] = {};
  for (void*& b : buffers) {
    cudaMalloc(&b, 1 << 22);
    cudaMemset(b, 0, 1 << 22);
  }
  size_t next = 0;
  launchCase(static_cast<P>(buffers[next++])...);  // the buffers are alike: their order does not matter
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}

int main() { return runLaunch(launch); }
