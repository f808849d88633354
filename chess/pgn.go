package chess

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// ReadPGN reads every game of a PGN file (see PGNReader for what it
// accepts). A broken game does not stop the others: ReadPGN returns all the
// games it could read, in order, and an error joining (errors.Join) one
// *PGNError for each of the first MaxPGNErrors broken games, then, if more
// were broken, one error saying how many more, then the read error if
// reading r failed. The error stays short however broken the file.
func ReadPGN(r io.Reader) ([]*Game, error) {
	pr := NewPGNReader(r)
	var games []*Game
	var errs []error
	var readErr error
	broken := 0
	for {
		g, err := pr.Next()
		if err == io.EOF {
			break
		}
		if err == nil {
			games = append(games, g)
			continue
		}
		var pe *PGNError
		if !errors.As(err, &pe) {
			readErr = err // nothing more can be read
			break
		}
		if broken++; broken <= MaxPGNErrors {
			errs = append(errs, err)
		}
	}
	if more := broken - MaxPGNErrors; more > 0 {
		noun := "games"
		if more == 1 {
			noun = "game"
		}
		errs = append(errs, fmt.Errorf("chess: PGN: %d more broken %s (%d in all)", more, noun, broken))
	}
	if readErr != nil {
		errs = append(errs, readErr)
	}
	return games, errors.Join(errs...)
}

// MaxPGNErrors is the number of broken games ReadPGN describes one by one;
// it counts the others.
const MaxPGNErrors = 10

// PGNError reports a game of a PGN file that could not be read: its number
// in the file (from 1, counting broken games too), the line of the problem,
// and what it was. The reader skips to the next game after one.
type PGNError struct {
	Line int   // line of the token where the problem was found, from 1
	Game int   // number of the game in the file, from 1
	Err  error // what is wrong
}

// Error returns the error as "chess: PGN line 37: game 3: ...".
func (e *PGNError) Error() string {
	return fmt.Sprintf("chess: PGN line %d: game %d: %s", e.Line, e.Game, strings.TrimPrefix(e.Err.Error(), "chess: "))
}

// Unwrap returns the underlying error.
func (e *PGNError) Unwrap() error { return e.Err }

// PGNReader reads games from a PGN file one at a time, so large files need
// not be held in memory.
//
// It reads the import format leniently: tag pairs (with \" and \\ escapes
// in values); move numbers ("1.", "1...", or none); moves in SAN with the
// tolerance of Position.ParseSAN; brace and semicolon comments (kept, after
// the move they follow; comments before the first move are the game's
// Comment(0); a [%clk H:MM:SS] command in a move's comment is taken out
// of it and becomes the move's Clock reading); NAGs ("$1") and suffix marks ("!", "?", "!!", "??", "!?",
// "?!", kept as NAGs 1 to 6); "%" escape lines (ignored); and termination
// markers; a UTF-8 byte order mark at the start is skipped. Variations
// ("(...)", nested at most MaxVariationDepth deep: a game whose variations
// nest deeper is an error for ErrVariationDepth) are kept with their
// comments and glyphs (see Game.Variations), but leniently: a variation is kept up to its
// first move that cannot be played (and the rest of it skipped), a
// variation before the first move is skipped. A game's moves must be legal
// from the standard start or from its FEN tag; null moves ("--", "Z0") are
// not accepted. A Variant tag naming Chess960 ("Chess960", "Fischerandom")
// makes it a Chess960 game: its FEN tag is read by ParseFEN960, and without
// one it starts from position 518.
//
// The result: when the moves end the game by rule (checkmate, stalemate,
// insufficient material, fivefold repetition, the seventy-five-move rule),
// that outcome stands whatever the file says. Otherwise the termination
// marker gives the result, or, when the marker is missing (the next game's
// tags or the end of the file came first), the Result tag. A Termination tag
// of "time forfeit" or "adjudication" gives the Reason; "aborted" with the
// result "*" ends the game as Aborted; a draw that the
// final position allows claiming gets ThreefoldRepetition or FiftyMoveRule;
// any other finished game has NoReason. A Result tag that disagrees with the
// outcome is not an error: Tag("Result") always reports the outcome.
type PGNReader struct {
	lex  pgnLexer
	back *pgnToken // a token pushed back by the parser
	game int       // number of games started so far
}

// NewPGNReader returns a PGNReader reading from r.
func NewPGNReader(r io.Reader) *PGNReader {
	return &PGNReader{lex: pgnLexer{r: bufio.NewReader(r), line: 1, lineStart: true}}
}

// Next reads the next game. At the end of the input it returns io.EOF. For
// a broken game it returns a nil Game and a *PGNError, after which Next may
// be called again for the following games. Any other error is a failure to
// read the input, and is returned by every later call.
func (pr *PGNReader) Next() (*Game, error) {
	if pr.game == 0 {
		pr.lex.skipBOM()
	}
	// Comments before a game's first token belong to the game; comments
	// at the end of the file, with no game after them, are dropped.
	var comments []string
	tok := pr.next()
	for tok.kind == tokComment {
		comments = append(comments, tok.text)
		tok = pr.next()
	}
	if tok.kind == tokEOF {
		if pr.lex.err != nil {
			return nil, pr.lex.err
		}
		return nil, io.EOF
	}
	pr.unread(tok)
	pr.game++
	gp := gameParser{pr: pr, comments: comments}
	g, line, err := gp.parse()
	if pr.lex.err != nil {
		return nil, pr.lex.err
	}
	if err != nil {
		pr.skipGame(gp.inMovetext)
		return nil, &PGNError{Line: line, Game: pr.game, Err: err}
	}
	return g, nil
}

func (pr *PGNReader) next() pgnToken {
	if t := pr.back; t != nil {
		pr.back = nil
		return *t
	}
	return pr.lex.next()
}

func (pr *PGNReader) unread(t pgnToken) { pr.back = &t }

// skipGame skips the rest of a broken game: through its termination marker,
// or up to the tag pairs of the next game (a "[" once the movetext has
// begun), or to the end of the input.
func (pr *PGNReader) skipGame(inMovetext bool) {
	inTag := false
	for {
		t := pr.next()
		switch {
		case t.kind == tokEOF:
			return
		case t.isResult():
			return
		case t.kind == '[' && inMovetext:
			pr.unread(t)
			return
		case t.kind == '[':
			inTag = true
		case t.kind == ']':
			inTag = false
		case !inTag && t.kind != tokComment:
			inMovetext = true
		}
	}
}

// gameParser reads one game.
type gameParser struct {
	pr         *PGNReader
	g          *Game
	tags       []Tag
	tagLines   map[string]int
	comments   []string        // comments before the first move, until it begins
	pending    pendingComments // of the main line
	inMovetext bool
}

// parse reads a game and returns it, or the line and text of its first
// problem.
func (gp *gameParser) parse() (*Game, int, error) {
	pr := gp.pr
	if line, err := gp.readTags(); err != nil {
		return nil, line, err
	}
	gp.inMovetext = true
	recorded, marked := NoResult, false
	var tok pgnToken
	for !marked {
		tok = pr.next()
		switch {
		case tok.kind == tokError:
			return nil, tok.line, errors.New(tok.text)
		case tok.kind == tokEOF:
			marked = true
			recorded = gp.resultTag()
		case tok.kind == '[':
			pr.unread(tok)
			marked = true
			recorded = gp.resultTag()
		case tok.isResult():
			marked = true
			recorded, _ = ParseResult(tok.text)
		case tok.kind == tokComment:
			if err := gp.start(); err != nil {
				return nil, gp.tagLines["FEN"], err
			}
			gp.pending.add(gp.g, tok.text)
		case tok.kind == tokNAG:
			if err := gp.start(); err != nil {
				return nil, gp.tagLines["FEN"], err
			}
			n, _ := strconv.Atoi(tok.text)
			gp.g.AddNAG(gp.g.Len(), NAG(n))
		case tok.kind == '.':
		case tok.kind == '(':
			if line, err := gp.variation(gp.g, tok.line, 1); err != nil {
				return nil, line, err
			}
		case tok.kind == tokSymbol && isMoveNumber(tok.text):
		case tok.kind == tokSymbol:
			if err := gp.start(); err != nil {
				return nil, gp.tagLines["FEN"], err
			}
			if err := gp.play(tok.text); err != nil {
				return nil, tok.line, err
			}
		default:
			return nil, tok.line, fmt.Errorf("unexpected %s in the moves", tok.describe())
		}
	}
	if err := gp.start(); err != nil {
		return nil, gp.tagLines["FEN"], err
	}
	gp.pending.flush(gp.g)
	gp.finish(recorded)
	return gp.g, 0, nil
}

// readTags reads the tag pair section.
func (gp *gameParser) readTags() (int, error) {
	pr := gp.pr
	gp.tagLines = map[string]int{}
	for {
		tok := pr.next()
		if tok.kind == tokComment {
			gp.comments = append(gp.comments, tok.text)
			continue
		}
		if tok.kind != '[' {
			pr.unread(tok)
			return 0, nil
		}
		name, value, end := pr.next(), pgnToken{}, pgnToken{}
		if name.kind == tokError {
			return name.line, errors.New(name.text)
		}
		if name.kind != tokSymbol || !validTagName(name.text) {
			return name.line, fmt.Errorf("tag pair has %s where a tag name should be", name.describe())
		}
		if value = pr.next(); value.kind == tokError {
			return value.line, errors.New(value.text)
		}
		if value.kind != tokString {
			return value.line, fmt.Errorf("tag %s has %s where a quoted value should be", name.text, value.describe())
		}
		if end = pr.next(); end.kind == tokError {
			return end.line, errors.New(end.text)
		}
		if end.kind != ']' {
			return end.line, fmt.Errorf("tag %s has %s where \"]\" should be", name.text, end.describe())
		}
		gp.tags = append(gp.tags, Tag{name.text, value.text})
		gp.tagLines[name.text] = name.line
	}
}

// tag returns the last value read for the tag name, or "".
func (gp *gameParser) tag(name string) string {
	v := ""
	for _, t := range gp.tags {
		if t.Name == name {
			v = t.Value
		}
	}
	return v
}

// resultTag returns the result the Result tag records, if it is valid.
func (gp *gameParser) resultTag() Result {
	r, _ := ParseResult(gp.tag("Result"))
	return r
}

// start creates the game, from the FEN tag if there is one, once the
// movetext begins.
func (gp *gameParser) start() error {
	if gp.g != nil {
		return nil
	}
	chess960 := chess960Variant(gp.tag("Variant"))
	switch fen := gp.tag("FEN"); {
	case fen != "":
		parse := ParseFEN
		if chess960 {
			parse = ParseFEN960
		}
		p, err := parse(fen)
		if err != nil {
			return fmt.Errorf("bad FEN tag: %w", err)
		}
		gp.g = NewGameFromPosition(p)
	case chess960:
		p, _ := NewChess960(Chess960Standard)
		gp.g = NewGameFromPosition(p)
	default:
		gp.g = NewGame()
	}
	for _, t := range gp.tags {
		gp.g.SetTag(t.Name, t.Value)
	}
	for _, c := range gp.comments {
		gp.pending.add(gp.g, c)
	}
	gp.comments = nil
	return nil
}

// chess960Variant reports whether a PGN Variant tag names Chess960, as the
// programs that write it spell it ("Chess960", "chess 960", "Fischerandom",
// "Fischer Random"), case aside.
func chess960Variant(v string) bool {
	switch strings.ToLower(strings.ReplaceAll(v, " ", "")) {
	case "chess960", "fischerandom", "fischerrandom", "960":
		return true
	}
	return false
}

// pendingComments are the comments read one after another after the same
// ply of a line (the game, or a variation being read), kept until the line
// moves on or ends and then set together: adding them to the move's
// comment one by one would copy the growing text each time, at a cost of
// the square of their number.
type pendingComments struct {
	ply   int
	texts []string
}

// add adds a comment after the last move of g (or before its first). A
// [%clk] command in the comment of a move is its clock reading.
func (pc *pendingComments) add(g *Game, text string) {
	ply := g.Len()
	if ply != pc.ply {
		pc.flush(g)
		pc.ply = ply
	}
	if ply > 0 {
		if rest, d, ok := cutClock(text); ok {
			g.SetClock(ply, d)
			text = rest
		}
	}
	pc.texts = append(pc.texts, text)
}

// flush sets the comments added to g's move, after its comment so far.
func (pc *pendingComments) flush(g *Game) {
	if len(pc.texts) == 0 {
		return
	}
	if c := g.Comment(pc.ply); c != "" {
		pc.texts = slices.Insert(pc.texts, 0, c)
	}
	g.SetComment(pc.ply, strings.Join(pc.texts, " "))
	pc.texts = pc.texts[:0]
}

// play plays a move written in SAN.
func (gp *gameParser) play(san string) error {
	g := gp.g
	p := g.current()
	label := fmt.Sprintf("%d. %s", p.FullmoveNumber(), san)
	if p.SideToMove() == Black {
		label = fmt.Sprintf("%d... %s", p.FullmoveNumber(), san)
	}
	if g.outcome.IsOver() {
		return parseErrorf("after_end", map[string]any{"move": label}, "move %s after the end of the game (%v)", label, g.outcome)
	}
	m, err := p.ParseSAN(san)
	if err != nil {
		return parseErrorf("illegal_move", map[string]any{"move": label}, "illegal move %s: %s", label, strings.TrimPrefix(err.Error(), "chess: "))
	}
	return g.Play(m)
}

// variation reads a variation whose "(" has been read on line open, at
// depth (1: a variation of the game), nested ones included, and adds it to
// the last move of line (the game, or a variation being read). Before the
// first move of line (nil: before the game's movetext began), a variation
// replaces nothing and is skipped; so is the rest of a variation after a
// move that cannot be played there. It returns an error, with its line,
// only when the input has one: a lexical error, variations nested more
// than MaxVariationDepth deep, or the end of the game before the ")".
func (gp *gameParser) variation(line *Game, open, depth int) (int, error) {
	if depth > MaxVariationDepth {
		return open, ErrVariationDepth
	}
	if line == nil || line.Len() == 0 {
		return gp.skipVariation(open, depth)
	}
	v := NewGameFromPosition(line.PositionAt(line.Len() - 1))
	var pending pendingComments
	keep := func() {
		pending.flush(v)
		if v.Len() > 0 {
			line.addVariation(line.Len(), v) // v starts where it must
		}
	}
	for {
		tok := gp.pr.next()
		switch {
		case tok.kind == ')':
			keep()
			return 0, nil
		case tok.kind == tokError:
			return tok.line, errors.New(tok.text)
		case tok.kind == tokEOF, tok.kind == '[':
			gp.pr.unread(tok)
			return open, errUnclosedVariation
		case tok.kind == '(':
			if at, err := gp.variation(v, tok.line, depth+1); err != nil {
				return at, err
			}
		case tok.kind == tokComment:
			pending.add(v, tok.text)
		case tok.kind == tokNAG:
			n, _ := strconv.Atoi(tok.text)
			v.AddNAG(v.Len(), NAG(n))
		case tok.kind == tokSymbol && !isMoveNumber(tok.text) && !tok.isResult():
			if err := v.PlayMove(tok.text); err != nil {
				keep()
				return gp.skipVariation(open, depth)
			}
		}
	}
}

// errUnclosedVariation is the error of a variation the game ends in.
var errUnclosedVariation = errors.New("variation not closed: \"(\" without \")\"")

// skipVariation skips the rest of a variation at depth (its "(" read on
// line open), nested ones included, with the errors of variation.
func (gp *gameParser) skipVariation(open, depth int) (int, error) {
	for level := depth; level >= depth; {
		tok := gp.pr.next()
		switch tok.kind {
		case '(':
			if level++; level > MaxVariationDepth {
				return tok.line, ErrVariationDepth
			}
		case ')':
			level--
		case tokError:
			return tok.line, errors.New(tok.text)
		case tokEOF, '[':
			gp.pr.unread(tok)
			return open, errUnclosedVariation
		}
	}
	return 0, nil
}

// finish sets the outcome from the recorded result (see PGNReader).
func (gp *gameParser) finish(recorded Result) {
	g := gp.g
	if !g.outcome.IsOver() && recorded == NoResult && strings.EqualFold(g.Tag("Termination"), Aborted.String()) {
		g.outcome = Outcome{NoResult, Aborted}
	}
	if g.outcome.IsOver() || recorded == NoResult {
		return
	}
	reason := NoReason
	switch strings.ToLower(g.Tag("Termination")) {
	case "time forfeit":
		reason = TimeForfeit
	case "adjudication":
		reason = Adjudication
	}
	if r, ok := g.ClaimableDraw(); ok && reason == NoReason && recorded == Draw {
		reason = r
	}
	g.outcome = Outcome{recorded, reason}
}

func isMoveNumber(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// pgnTokenKind is the kind of a PGN token: one of the constants below, or
// the character itself for the one-character tokens [ ] ( ) . * < >.
type pgnTokenKind int

const (
	tokEOF     pgnTokenKind = -1 - iota
	tokSymbol               // a move, move number or result: text
	tokString               // a tag value, unescaped: text
	tokComment              // a comment, white space normalized: text
	tokNAG                  // a NAG or suffix mark, as a number: text
	tokError                // a lexical error: text is the message
)

// pgnToken is one token of PGN text.
type pgnToken struct {
	kind pgnTokenKind
	text string
	line int
}

// isResult reports whether t is a termination marker.
func (t pgnToken) isResult() bool {
	if t.kind == '*' {
		return true
	}
	if t.kind != tokSymbol {
		return false
	}
	switch t.text {
	case "1-0", "0-1", "1/2-1/2":
		return true
	}
	return false
}

// describe names the token for error messages.
func (t pgnToken) describe() string {
	switch t.kind {
	case tokEOF:
		return "the end of the file"
	case tokSymbol:
		return fmt.Sprintf("%q", t.text)
	case tokString:
		return "a quoted string"
	case tokComment:
		return "a comment"
	case tokNAG:
		return "a NAG"
	case tokError:
		return t.text
	}
	return fmt.Sprintf("%q", rune(t.kind))
}

// pgnLexer splits PGN text into tokens, counting lines.
type pgnLexer struct {
	r         *bufio.Reader
	line      int
	lineStart bool  // nothing read yet on this line
	err       error // a read error other than io.EOF, wrapped
}

// suffixNAGs maps move suffix marks to their NAGs.
var suffixNAGs = map[string]NAG{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

func (l *pgnLexer) readByte() (byte, bool) {
	c, err := l.r.ReadByte()
	if err != nil {
		if err != io.EOF {
			l.err = fmt.Errorf("chess: reading PGN: %w", err)
		}
		return 0, false
	}
	return c, true
}

func (l *pgnLexer) unreadByte() { _ = l.r.UnreadByte() }

// next returns the next token.
func (l *pgnLexer) next() pgnToken {
	for {
		c, ok := l.readByte()
		if !ok {
			return pgnToken{kind: tokEOF, line: l.line}
		}
		atStart := l.lineStart
		l.lineStart = c == '\n'
		line := l.line
		tok := func(k pgnTokenKind, text string) pgnToken { return pgnToken{k, text, line} }
		switch {
		case c == '\n':
			l.line++
		case c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f':
		case c == '%' && atStart:
			l.skipLine()
		case c == '{':
			text, closed := l.readUntil('}')
			if !closed {
				return tok(tokError, "comment not closed: \"{\" without \"}\"")
			}
			return tok(tokComment, normalizeComment(text))
		case c == ';':
			text, _ := l.readUntil('\n')
			l.line++
			l.lineStart = true
			return tok(tokComment, normalizeComment(text))
		case c == '"':
			return l.readString(line)
		case c == '$':
			digits := l.readWhile(isDigit)
			n, err := strconv.Atoi(digits)
			if err != nil || n > 255 {
				return tok(tokError, fmt.Sprintf("NAG \"$%s\" is not a number from 0 to 255", digits))
			}
			return tok(tokNAG, strconv.Itoa(n))
		case c == '!' || c == '?':
			mark := string(c) + l.readWhile(func(c byte) bool { return c == '!' || c == '?' })
			n, ok := suffixNAGs[mark]
			if !ok {
				return tok(tokError, fmt.Sprintf("%q is not a move mark (want !, ?, !!, ??, !? or ?!)", mark))
			}
			return tok(tokNAG, strconv.Itoa(int(n)))
		case strings.IndexByte("[]().*<>", c) >= 0:
			return tok(pgnTokenKind(c), "")
		case isSymbolStart(c):
			return tok(tokSymbol, string(c)+l.readWhile(isSymbolChar))
		default:
			return tok(tokError, fmt.Sprintf("unexpected character %q", c))
		}
	}
}

// skipBOM skips a UTF-8 byte order mark at the start of the input, as
// files saved by some Windows programs have.
func (l *pgnLexer) skipBOM() {
	if b, err := l.r.Peek(3); err == nil && string(b) == "\xef\xbb\xbf" {
		_, _ = l.r.Discard(3)
	}
}

// skipLine skips the rest of the line.
func (l *pgnLexer) skipLine() {
	l.readUntil('\n')
	l.line++
	l.lineStart = true
}

// readUntil reads up to and including end, returning the text before it
// and whether end was found.
func (l *pgnLexer) readUntil(end byte) (string, bool) {
	var sb strings.Builder
	for {
		c, ok := l.readByte()
		if !ok {
			return sb.String(), false
		}
		if c == end {
			return sb.String(), true
		}
		if c == '\n' {
			l.line++
		}
		sb.WriteByte(c)
	}
}

// readWhile reads the bytes that satisfy ok.
func (l *pgnLexer) readWhile(ok func(byte) bool) string {
	var sb strings.Builder
	for {
		c, more := l.readByte()
		if !more {
			return sb.String()
		}
		if !ok(c) {
			l.unreadByte()
			return sb.String()
		}
		sb.WriteByte(c)
	}
}

// readString reads a tag value whose opening quote has been read. A value
// ends at the line's end at the latest.
func (l *pgnLexer) readString(line int) pgnToken {
	var sb strings.Builder
	for {
		c, ok := l.readByte()
		switch {
		case !ok || c == '\n' || c == '\r':
			if c == '\n' {
				l.unreadByte()
			}
			return pgnToken{tokError, "quoted string not closed", line}
		case c == '"':
			return pgnToken{tokString, sb.String(), line}
		case c == '\\':
			next, ok := l.readByte()
			switch {
			case !ok:
			case next == '"' || next == '\\':
				sb.WriteByte(next)
				continue
			default:
				l.unreadByte()
			}
			sb.WriteByte('\\')
		case c < ' ' && c != '\t':
			return pgnToken{tokError, fmt.Sprintf("control character %q in a quoted string", c), line}
		default:
			sb.WriteByte(c)
		}
	}
}

func isSymbolStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c)
}

func isSymbolChar(c byte) bool {
	return isSymbolStart(c) || strings.IndexByte("_+#=:-/", c) >= 0
}
