package datagen

import "runtime/debug"

// BuildVersion says which build of the program is running, for the runs
// file: the commit it was built from ("commit 8d75d6d", with "+changes"
// when the checkout had uncommitted changes), or "unknown build" when the
// binary carries no version control information (go run, tests).
func BuildVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown build"
	}
	rev, modified := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return "unknown build"
	}
	v := "commit " + rev[:min(len(rev), 12)]
	if modified {
		v += "+changes"
	}
	return v
}
