package uci

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/outpost-chess/outpost/internal/engine"
)

// maxLevel is the Level option's value meaning full strength (the zero
// engine.Level): the level "max", capitalized because GUIs that split an
// "option" line at its keywords (polyglot does) read "var max" and "default
// max" as the keyword max. Values are matched case-insensitively, so
// "setoption name Level value max" works too.
const maxLevel = "Max"

// optionValues holds the value of every option. Each option is bound to
// one field by pointer.
type optionValues struct {
	hashMB        int
	threads       int
	multiPV       int
	moveOverhead  int // milliseconds
	ponder        bool
	limitStrength bool
	elo           int
	level         string // a name from engine.Levels other than "max", or maxLevel
	chess960      bool   // read positions and write castling as Chess960 does
	useNNUE       bool   // evaluate with the loaded network (network.go)
	evalFile      string // the network's file, or the embedded one's name, or emptyString
}

func defaultOptionValues() optionValues {
	_, evalFile := embeddedNetwork()
	return optionValues{
		useNNUE:      engine.DefaultNetwork() != nil,
		evalFile:     evalFile,
		hashMB:       engine.DefaultHashMB,
		threads:      1,
		multiPV:      1,
		moveOverhead: 30,
		elo:          engine.MinElo,
		level:        maxLevel,
	}
}

// newOptions returns the options in the order "uci" lists them, bound to
// the fields of l.opts.
//
//	Hash               spin 1..engine.MaxHashMB (MiB), default engine.DefaultHashMB
//	Threads            spin 1..engine.MaxThreads, default 1: search threads (lazy SMP)
//	MultiPV            spin 1..64, default 1: engine.Limits.MultiPV
//	Move Overhead      spin 0..5000 (ms), default 30: subtracted from wtime, btime and movetime
//	Clear Hash         button: clears the hash table
//	Ponder             check, default false: the GUI may send "go ponder"
//	UCI_LimitStrength  check, default false: play at UCI_Elo instead of Level
//	UCI_Elo            spin engine.MinElo..engine.MaxElo: engine.LevelForElo
//	UCI_Chess960       check, default false: positions are Chess960 ones, castling written e1h1
//	Level              combo of engine.Levels names, "max" written Max (the default)
//	Use NNUE           check, default engine.DefaultNetwork() != nil: evaluate with the network
//	EvalFile           string, default the embedded network's file name (or <empty>): the network to load
func (l *Loop) newOptions() []option {
	levels := []string{}
	for _, lv := range engine.Levels() {
		if !strings.EqualFold(lv.Name, maxLevel) {
			levels = append(levels, lv.Name)
		}
	}
	levels = append(levels, maxLevel)
	return []option{
		newSpin("Hash", &l.opts.hashMB, 1, engine.MaxHashMB, l.eng.SetHashMB),
		newSpin("Threads", &l.opts.threads, 1, engine.MaxThreads, l.eng.SetThreads),
		newSpin("MultiPV", &l.opts.multiPV, 1, 64, nil),
		newSpin("Move Overhead", &l.opts.moveOverhead, 0, 5000, nil),
		&buttonOption{optName: "Clear Hash", press: l.eng.Clear},
		newCheck("Ponder", &l.opts.ponder),
		newCheck("UCI_LimitStrength", &l.opts.limitStrength),
		newSpin("UCI_Elo", &l.opts.elo, engine.MinElo, engine.MaxElo, nil),
		newCheck("UCI_Chess960", &l.opts.chess960),
		newCombo("Level", &l.opts.level, levels),
		&checkOption{optName: "Use NNUE", value: &l.opts.useNNUE, def: l.opts.useNNUE, onSet: l.setUseNNUE},
		&stringOption{optName: "EvalFile", value: &l.opts.evalFile, def: l.opts.evalFile, onSet: l.setEvalFile},
	}
}

// level returns the engine.Level the options ask for.
func (l *Loop) level() engine.Level {
	if l.opts.limitStrength {
		return engine.LevelForElo(l.opts.elo)
	}
	if l.opts.level == maxLevel {
		return engine.Level{}
	}
	lv, err := engine.ParseLevel(l.opts.level)
	if err != nil { // not reached: the combo accepts only names from engine.Levels
		return engine.Level{}
	}
	return lv
}

// setOption runs "setoption name <Name> [value <v>]". The name may contain
// spaces and is matched case-insensitively; so are check and combo values.
// A value that is missing, malformed or out of range changes nothing.
func (l *Loop) setOption(args []string) error {
	if len(args) == 0 || args[0] != "name" {
		return errors.New(`setoption wants "name <Name> [value <v>]"`)
	}
	args = args[1:]
	name, value, hasValue := args, []string(nil), false
	if i := slices.Index(args, "value"); i >= 0 {
		name, value, hasValue = args[:i], args[i+1:], true
	}
	n := strings.Join(name, " ")
	if n == "" {
		return errors.New("setoption has no option name")
	}
	for _, o := range l.options {
		if strings.EqualFold(o.name(), n) {
			if err := o.set(strings.Join(value, " "), hasValue); err != nil {
				return fmt.Errorf("option %s: %w", o.name(), err)
			}
			return nil
		}
	}
	return fmt.Errorf("unknown option %q", n)
}

// option is one UCI option, bound to a variable it sets.
type option interface {
	name() string
	// declare returns what "uci" prints after "option name <name> type ".
	declare() string
	// set parses and stores a value, or returns why it cannot.
	set(value string, hasValue bool) error
}

// spinOption is an integer option. onSet, if not nil, is called with a new
// valid value before it is stored; its error keeps the old value.
type spinOption struct {
	optName       string
	value         *int
	def, min, max int
	onSet         func(int) error
}

// newSpin returns a spin option bound to value, whose default is *value.
func newSpin(name string, value *int, min, max int, onSet func(int) error) *spinOption {
	return &spinOption{optName: name, value: value, def: *value, min: min, max: max, onSet: onSet}
}

func (o *spinOption) name() string { return o.optName }

func (o *spinOption) declare() string {
	return fmt.Sprintf("spin default %d min %d max %d", o.def, o.min, o.max)
}

func (o *spinOption) set(value string, hasValue bool) error {
	if !hasValue {
		return errors.New("missing value")
	}
	n, err := strconv.Atoi(value)
	if err != nil {
		return fmt.Errorf("value %q is not an integer", value)
	}
	if n < o.min || n > o.max {
		return fmt.Errorf("value %d is out of range %d..%d", n, o.min, o.max)
	}
	if o.onSet != nil {
		if err := o.onSet(n); err != nil {
			return err
		}
	}
	*o.value = n
	return nil
}

// checkOption is a boolean option, set by "true" or "false". onSet, if not
// nil, is called with a new value before it is stored; its error keeps the
// old value.
type checkOption struct {
	optName string
	value   *bool
	def     bool
	onSet   func(bool) error
}

// newCheck returns a check option bound to value, whose default is *value.
func newCheck(name string, value *bool) *checkOption {
	return &checkOption{optName: name, value: value, def: *value}
}

func (o *checkOption) name() string { return o.optName }

func (o *checkOption) declare() string {
	return fmt.Sprintf("check default %t", o.def)
}

func (o *checkOption) set(value string, hasValue bool) error {
	var on bool
	switch {
	case !hasValue:
		return errors.New("missing value")
	case strings.EqualFold(value, "true"):
		on = true
	case strings.EqualFold(value, "false"):
		on = false
	default:
		return fmt.Errorf("value %q is not true or false", value)
	}
	if o.onSet != nil {
		if err := o.onSet(on); err != nil {
			return err
		}
	}
	*o.value = on
	return nil
}

// stringOption is a text option (a file name). onSet is called with a new
// value before it is stored; its error keeps the old value.
type stringOption struct {
	optName string
	value   *string
	def     string
	onSet   func(string) error
}

func (o *stringOption) name() string { return o.optName }

func (o *stringOption) declare() string { return "string default " + o.def }

func (o *stringOption) set(value string, _ bool) error {
	if err := o.onSet(value); err != nil {
		return err
	}
	if value == "" {
		value = emptyString
	}
	*o.value = value
	return nil
}

// comboOption is a choice among vars.
type comboOption struct {
	optName string
	value   *string
	def     string
	vars    []string
}

// newCombo returns a combo option bound to value, whose default is *value.
func newCombo(name string, value *string, vars []string) *comboOption {
	return &comboOption{optName: name, value: value, def: *value, vars: vars}
}

func (o *comboOption) name() string { return o.optName }

func (o *comboOption) declare() string {
	s := "combo default " + o.def
	for _, v := range o.vars {
		s += " var " + v
	}
	return s
}

func (o *comboOption) set(value string, hasValue bool) error {
	if !hasValue {
		return errors.New("missing value")
	}
	for _, v := range o.vars {
		if strings.EqualFold(v, value) {
			*o.value = v
			return nil
		}
	}
	return fmt.Errorf("value %q is not one of %s", value, strings.Join(o.vars, ", "))
}

// buttonOption is an action; a value, if given, is ignored.
type buttonOption struct {
	optName string
	press   func()
}

func (o *buttonOption) name() string    { return o.optName }
func (o *buttonOption) declare() string { return "button" }

func (o *buttonOption) set(string, bool) error {
	o.press()
	return nil
}
