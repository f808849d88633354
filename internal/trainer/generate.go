package trainer

//go:generate go run ./asmgen -out kernels_amd64.s -stubs kernels_amd64_decl.go
