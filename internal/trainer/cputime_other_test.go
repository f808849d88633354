//go:build !unix

package trainer

import "time"

// cpuTime returns 0: the process's CPU time is not known here.
func cpuTime() time.Duration { return 0 }
