package engine

import (
	"runtime"
	"syscall"
	"unsafe"
)

// hugePageSize is the size of a transparent huge page on x86-64 and arm64.
const hugePageSize = 2 << 20

// allocBuckets returns n zeroed buckets for t, and a function that
// releases their memory at once (nil if the garbage collector does). On
// Linux they are mapped outside the Go heap, aligned to 2 MiB and marked
// MADV_HUGEPAGE, so that the kernel may back them with transparent huge
// pages: a probe at a random bucket then rarely misses the TLB. The kernel
// backs a page only when it is first touched. The mapping is released by
// the function, or else when t is garbage collected. If the mapping fails,
// the buckets come from the Go heap when heap is set (the Go runtime ends
// the program if it cannot have them), else allocBuckets returns the error.
func allocBuckets(t *transTable, n uint64, heap bool) ([]ttBucket, func(), error) {
	size := int(n) * int(unsafe.Sizeof(ttBucket{}))
	mem, err := syscall.Mmap(-1, 0, size+hugePageSize, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		if !heap {
			return nil, nil, err
		}
		return make([]ttBucket, n), nil, nil
	}
	_ = syscall.Madvise(mem, syscall.MADV_HUGEPAGE) // only advice: 4 KiB pages work too
	cleanup := runtime.AddCleanup(t, func(m []byte) { _ = syscall.Munmap(m) }, mem)
	start := uintptr(unsafe.Pointer(&mem[0]))
	skip := int(-start & (hugePageSize - 1))
	free := func() {
		cleanup.Stop()
		_ = syscall.Munmap(mem)
	}
	return unsafe.Slice((*ttBucket)(unsafe.Pointer(&mem[skip])), n), free, nil
}
