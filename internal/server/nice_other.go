//go:build !linux

package server

// lowerPriority does nothing where threads have no priority of their own.
func lowerPriority(nice int) error { return nil }
