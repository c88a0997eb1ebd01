// A tensor class passed to the kernel by value, read through its methods as vector-search and
// deep-learning libraries write it: a const getter (`t.getSize(2)`, returning `size_[i]`) is the
// parameter's field, one value for every lane; indexing it through a non-const `operator[]` that
// builds a view holding `*this` by reference does not change it, when no method of the view writes
// through that reference. A view that does write through it (`reset()`) makes the parameter
// written, and its fields are then not followed. A loop bounded by a getter is warp-uniform.
#include <cuda_runtime.h>

template <int Dim>
struct Tensor;

template <int Dim>
struct Row {
    __device__ Row(Tensor<Dim>& t, float* p) : tensor_(t), data_(p) {}
    __device__ float& operator[](int i) { return data_[i * tensor_.getStride(Dim - 1)]; }
    __device__ void reset() { tensor_.size_[0] = 0; }
    Tensor<Dim>& tensor_;
    float* data_;
};

template <int Dim>
struct Tensor {
    __device__ int getSize(int i) const { return size_[i]; }
    __device__ int getStride(int i) const { return stride_[i]; }
    __device__ Row<Dim> operator[](int i) { return Row<Dim>(*this, data_ + i * stride_[0]); }
    float* data_;
    int size_[Dim];
    int stride_[Dim];
};

__global__ void getters(Tensor<3> t, float* out) {
    __shared__ float s[512];
    const int split = t.getSize(2);
    const bool loader = threadIdx.x >= split;
    const int loaderId = threadIdx.x - split;  // a shift of every lane: cannot change the pattern
    for (int pass = 0; pass < t.getSize(1); ++pass) {
        if (loader) s[loaderId * 2] = t[pass][threadIdx.x];  // expected-warning {{2-way bank conflict on store to 's'}}
        // expected-note@-1 {{'t.size_[2]' (kernel parameter) shifts every lane's address by the same amount}}
        __syncthreads();
    }
    out[threadIdx.x] = s[threadIdx.x];
}

__global__ void viewWrites(Tensor<2> t, float* out) {
    __shared__ float s[512];
    const int split = t.getSize(1);
    Row<2> r = t[0];
    r.reset();
    s[threadIdx.x - split] = 1.f;  // expected-remark {{bank conflicts of store to 's' not computed: a field of 't' (kernel parameter), which the kernel may change}}
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

void run(Tensor<3> t, Tensor<2> u, float* out) {
    getters<<<1, 256>>>(t, out);
    viewWrites<<<1, 256>>>(u, out);
}
