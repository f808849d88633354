package explain

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/i18n"
	"github.com/outpost-chess/outpost/internal/progress"
)

// This file is the guided lesson: seven short steps over one position, from
// the tutorials' picture of three moves by three replies to the full engine, each showing the explorer in the mode
// that makes its point, for someone who has just read the tutorials
// (piece weights and piece-square tables, minimax, alpha-beta, the horizon
// effect and quiescence). Its text lives here once, in every language; the
// web app fetches it (GET /api/explain/lesson) and "outpost explain
// --lesson" prints it. The numbers in it come from the searches themselves.

// LessonFEN is the lesson's position: 1.e4 e5 2.Qf3 Nc6, where the queen
// can take on f7 with check, and lose itself to Kxf7.
const LessonFEN = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 2 3"

// Lesson is the guided lesson in one language.
type Lesson struct {
	Lang  i18n.Lang    `json:"lang"`
	Title string       `json:"title"`
	Intro string       `json:"intro"`
	Steps []LessonStep `json:"steps"`
}

// LessonStep is one step: what to read, and what the explorer shows.
type LessonStep struct {
	Title string     `json:"title"`
	Text  []string   `json:"text"` // paragraphs
	Show  LessonView `json:"show"`
}

// LessonView is the explorer's mode for a step.
type LessonView struct {
	FEN        string `json:"fen"`
	Depth      int    `json:"depth"`
	Method     Method `json:"method"`
	Quiescence bool   `json:"quiescence,omitempty"`
	// Width keeps the first Width moves at every node (0: every move): a
	// toy tree, as the tutorials draw them.
	Width int `json:"width,omitempty"`
	// Compare shows the move orderings side by side instead of one tree.
	Compare bool `json:"compare,omitempty"`
	// Play starts the playback: "start" plays from the first visit, "cut"
	// plays to the first cut and stops there.
	Play string `json:"play,omitempty"`
	// Path selects a node (UCI moves from the root, comma-separated).
	Path string `json:"path,omitempty"`
	// Section is the part of the explorer the step is about: "tree",
	// "evaluation" or "comparison".
	Section string `json:"section,omitempty"`
}

// Command returns the command that shows the step's tree in a terminal.
func (v LessonView) Command() string {
	c := fmt.Sprintf("outpost explain --fen %q --depth %d --method %s", v.FEN, v.Depth, v.Method)
	if v.Quiescence {
		c += " --quiescence"
	}
	if v.Width > 0 {
		c += fmt.Sprintf(" --width %d", v.Width)
	}
	return c
}

// lessonViews are the steps' modes, the same in every language.
var lessonViews = []LessonView{
	{FEN: LessonFEN, Depth: 2, Method: Minimax, Width: 3, Play: "start", Section: "tree"},
	{FEN: LessonFEN, Depth: 1, Method: Minimax, Section: "evaluation"},
	{FEN: LessonFEN, Depth: 2, Method: Minimax, Play: "start", Section: "tree"},
	{FEN: LessonFEN, Depth: 2, Method: AlphaBeta, Width: 3, Play: "cut", Section: "tree"},
	{FEN: LessonFEN, Depth: 1, Method: Ordered, Quiescence: true, Path: "f3f7", Section: "tree"},
	{FEN: LessonFEN, Depth: 3, Method: EngineOrder, Quiescence: true, Compare: true, Play: "cut"},
	{FEN: LessonFEN, Depth: 3, Method: EngineOrder, Section: "comparison"},
}

// lessonText is the lesson's text in one language. {name} marks a number
// or a move that lessonFacts computes.
type lessonText struct {
	title, intro string
	steps        [][]string // per step: the title, then the paragraphs
}

var lessonTexts = map[i18n.Lang]lessonText{
	i18n.English: {
		title: "How a chess AI thinks, in seven steps",
		intro: "You have read how a chess AI works: an evaluation function, minimax, alpha-beta pruning. Here you watch Outpost do each of them on a real position, 1.e4 e5 2.Qf3 Nc6, where White's queen eyes the pawn on f7.",
		steps: [][]string{
			{
				"1. The tutorials' picture: three moves, three replies",
				"The tutorials draw a small tree: three moves for White, three replies to each, and a score on every position. Here is that picture on a real position: the first three of White's moves (as the move generator lists them, not the best ones) and the first three replies to each, {toy} positions in all. Each circle shows its score (minimax keeps no window: α and β come with alpha-beta, in step 4).",
				"Press ▶ and watch the scores flow up: each position at the bottom gets its evaluation, Black takes the smallest score under each White move, and White the largest of those: {toybest} ({toyscore}) in this little tree. The next steps search every move.",
			},
			{
				"2. The evaluation: a score for a position",
				"The tutorials give every piece a weight (pawn 100, knight 280, bishop 320, rook 479, queen 929) and add a bonus from a piece-square table for the square it stands on. Outpost's classic evaluator is exactly that, with the same tables from Sunfish. The table under \"Evaluation\" shows each piece with its weight and its square bonus; here the total is {eval} for White.",
				"The tree shows each of White's {legal} moves with the evaluation after it: depth 1. The best looks like {d1best} at {d1score}: the queen takes a pawn, with check. An evaluation only counts what is on the board; it cannot see what happens next.",
			},
			{
				"3. Minimax: expect the best reply",
				"Minimax looks further: after each White move, every Black reply, and it assumes that each side picks what is best for it. White, the maximising player, takes the move whose worst case is best; Black, the minimising player, the reply that is worst for White. At depth 2 it finds {d2best} ({d2score}): after Qxf7+ Black simply takes the queen with Kxf7.",
				"Press ▶ to watch the search: the board shows each position as the search enters it, the tree lights up the path from the root, and the counters count the positions visited and evaluated. Minimax visits all {minimax2} of them.",
			},
			{
				"4. Alpha-beta: stop when a move is already refuted",
				"Alpha-beta keeps two scores as it goes: α, what White is already sure of, and β, what Black is already sure of. When a Black reply shows that a White move is worse than one White already has, White will not play it, so the other replies need not be looked at: a cut.",
				"Here alpha-beta searches a tree of three by three again (its own first three moves, in random order as the tutorials shuffle them), each position with its score and, below it, α and β. The playback stops at the first cut and says which move White already has elsewhere, marked in green in the tree; the moves it skipped fade. This little tree takes {toyab} positions of the {toy} minimax would visit.",
				"On the full tree at depth 2, alpha-beta finds the same move with the same score as minimax after {alphabeta2} positions instead of {minimax2}: alpha-beta never changes the answer, only the work.",
			},
			{
				"5. The horizon effect, and quiescence",
				"In step 2, at depth 1, Qxf7+ looked like a pawn won ({d1score}). The search stopped right after the capture, one move before Kxf7: the recapture lay beyond its horizon. That is the horizon effect the tutorials describe: QxP looks good until PxQ.",
				"Quiescence search goes on past the horizon with captures only, until the position is quiet; the side to move may also stop capturing and keep the evaluation (\"stand pat\"). With it, Qxf7+ scores {qxf7} (Kxf7 is shown beyond the horizon) and depth 1 already prefers {q1best}.",
			},
			{
				"6. Move ordering: the same cuts, sooner",
				"Alpha-beta cuts as soon as it meets a good enough move, so it cuts more when it tries the best moves first. Side by side at depth 3 with quiescence: random order as in the tutorials visits {random3} positions, captures first {captures3}, and the engine's order {engine3}: first the best move found by a shallower search (the hash move, from iterative deepening), then the captures that win material, then the killers (quiet moves that refuted a sibling position) and the history of moves that cut before.",
				"The four playbacks run in step, visit by visit. Watch when each first refutes a move of White's (a cut one ply down): after {firstRandom} positions in random order, {firstCaptures} with captures first, {firstEngine} with the engine's order.",
			},
			{
				"7. The real engine",
				"Outpost's engine adds a hash table (a position reached twice is searched once), null-move pruning, late-move reductions, and an evaluation that weighs pawn structure, king safety and piece activity besides material: at depth 3 it visits {full3} positions where minimax would visit {minimax3}. The comparison table puts all the methods side by side.",
				"Now try your own position: paste a FEN in the box, or press Explain during a game.",
			},
		},
	},
	i18n.Chinese: {
		title: "七步看懂国际象棋 AI 如何思考",
		intro: "你已经读过国际象棋 AI 的原理：评估函数、极小极大算法、alpha-beta 剪枝。在这里，你会看到 Outpost 在一个真实局面上一步步做这些事：1.e4 e5 2.Qf3 Nc6，白后正盯着 f7 上的兵。",
		steps: [][]string{
			{
				"1. 教程里的图：三步棋，三种应着",
				"教程画的是一棵小树：白方三步棋，每步三种应着，每个局面都标着分数。这里是在真实局面上画出的同一种图：白方的前三步着法（按着法生成器列出的顺序，不是最好的三步），以及每步的前三种应着，一共 {toy} 个局面。每个圆圈上标着它的分数（极小极大没有窗口：α 和 β 在第 4 步的 alpha-beta 中出现）。",
				"按 ▶ 看分数如何向上传递：最底层的每个局面先得到评估分，黑方在每步白棋之下取最小的分数，白方再从中取最大的：在这棵小树里是 {toybest}（{toyscore}）。接下来的几步会搜索全部走法。",
			},
			{
				"2. 评估函数：给局面打分",
				"教程给每种棋子一个权重（兵 100、马 280、象 320、车 479、后 929），再按它所在的格子从“棋子-格子表”中加上一个加分。Outpost 的经典评估函数正是如此，用的也是 Sunfish 的同一套表。“评估”下的表格列出每个棋子的权重和格子加分；这里对白方来说总分是 {eval}。",
				"搜索树列出白方全部 {legal} 步走法，以及每步之后局面的评估：这就是深度 1。最好的一步看起来是 {d1best}，得分 {d1score}：后吃兵并将军。评估函数只数棋盘上现有的东西，看不到接下来会发生什么。",
			},
			{
				"3. 极小极大：假设对手走出最好的应着",
				"极小极大算法看得更远：白方每走一步之后，再看黑方的每一种应着，并假设双方都选对自己最有利的走法。白方是最大化的一方，选择“最坏情况最好”的走法；黑方是最小化的一方，选择对白方最不利的应着。在深度 2，它选出 {d2best}（{d2score}）：Qxf7+ 之后黑方直接 Kxf7 吃掉白后。",
				"按 ▶ 观看搜索过程：棋盘显示搜索进入的每一个局面，搜索树点亮从根到当前节点的路径，计数器统计已访问和已评估的局面数。极小极大要访问全部 {minimax2} 个局面。",
			},
			{
				"4. Alpha-beta：一步棋已被驳倒，就不必再看",
				"Alpha-beta 在搜索中记住两个分数：α 是白方已经有把握得到的分数，β 是黑方已经有把握守住的分数。当黑方的某个应着表明白方这步棋比白方已有的另一步更差时，白方不会走它，其余的应着也就不必再看了：这就是剪枝。",
				"这里 alpha-beta 又搜索一棵三乘三的小树（它自己的前三步着法，像教程那样随机排序），每个局面标着分数，下方是 α 和 β。回放会停在第一次剪枝处，并说明白方在别处已经有哪一步棋，这步棋在树上以绿色标出；被跳过的走法会淡出。这棵小树只看了 {toyab} 个局面，而极小极大要看 {toy} 个。",
				"在深度 2 的完整搜索树上，alpha-beta 与极小极大选出相同的走法、相同的分数，却只看了 {alphabeta2} 个局面而不是 {minimax2} 个：alpha-beta 从不改变答案，只减少工作量。",
			},
			{
				"5. 地平线效应与静态搜索",
				"在第 2 步的深度 1 中，Qxf7+ 看起来赢了一个兵（{d1score}）。搜索在吃子之后立刻停下，差一步就能看到 Kxf7：回吃发生在它的“地平线”之外。这就是教程里讲的地平线效应：后吃兵看似很好，直到兵吃后。",
				"静态搜索（quiescence search）在地平线之后继续搜索，但只搜吃子，直到局面平静为止；轮到走棋的一方也可以不再吃子，保留当前评估（“站着不动”，stand pat）。有了它，Qxf7+ 的得分变成 {qxf7}（地平线之外显示了 Kxf7），深度 1 就已经选择 {q1best}。",
			},
			{
				"6. 走法排序：同样的剪枝，来得更早",
				"Alpha-beta 一遇到足够好的走法就剪枝，所以先试最好的走法，剪掉的就越多。在深度 3 并开启静态搜索时并排比较：像教程那样随机排序要访问 {random3} 个局面，先试吃子要 {captures3} 个，引擎的排序只要 {engine3} 个：先试较浅一层搜索找到的最佳走法（哈希走法，来自迭代加深），再试能得子的吃子，然后是杀手走法（驳倒过兄弟局面的安静走法）和历史启发（以前造成过剪枝的走法）。",
				"四个回放一步一步同步进行。看看每种排序何时第一次驳倒白方的一步棋（在下一层剪枝）：随机排序在 {firstRandom} 个局面之后，先试吃子在 {firstCaptures} 个之后，引擎的排序在 {firstEngine} 个之后。",
			},
			{
				"7. 真正的引擎",
				"Outpost 的引擎还用上了置换表（同一个局面只搜一次）、空着裁剪、后期走法缩减，以及自己的评估函数（除了子力，还考虑兵形、王的安全和棋子的活跃度）：在深度 3，它只访问 {full3} 个局面，而极小极大要访问 {minimax3} 个。比较表把所有方法并排列出。",
				"现在试试你自己的局面：在输入框里粘贴一个 FEN，或者在对局中按“解释”。",
			},
		},
	},
}

// lessonFacts computes the numbers and moves the lesson's text quotes,
// from the searches themselves.
func lessonFacts(ctx context.Context) (map[string]string, error) {
	p := chess.MustParseFEN(LessonFEN)
	facts := map[string]string{"legal": fmt.Sprint(len(p.LegalMoves()))}
	eval := classicEval(p)
	facts["eval"] = viewScore(engine.Score(eval.Total), p.SideToMove(), chess.White).Text
	stats := func(m Method, depth, width int, q bool) (Stats, error) {
		st, err := Compare(ctx, p, m, depth, TreeOptions{Quiescence: q, Width: width})
		if err == nil && !st.Complete {
			err = errorf("the lesson's %s search at depth %d stopped: %s", m, depth, st.Note)
		}
		return st, err
	}
	for _, f := range []struct {
		name   string
		method Method
		depth  int
		width  int
		q      bool
		best   bool // the best move and score too, as NAMEbest and NAMEscore, besides the positions as NAME
	}{
		{"toy", Minimax, 2, 3, false, true},
		{"toyab", AlphaBeta, 2, 3, false, false},
		{"d1", Minimax, 1, 0, false, true},
		{"minimax2", Minimax, 2, 0, false, false},
		{"d2", Minimax, 2, 0, false, true},
		{"alphabeta2", AlphaBeta, 2, 0, false, false},
		{"q1", Ordered, 1, 0, true, true},
		{"random3", AlphaBeta, 3, 0, true, false},
		{"captures3", Ordered, 3, 0, true, false},
		{"engine3", EngineOrder, 3, 0, true, false},
		{"minimax3", Minimax, 3, 0, false, false},
		{"full3", Engine, 3, 0, false, false},
	} {
		st, err := stats(f.method, f.depth, f.width, f.q)
		if err != nil {
			return nil, err
		}
		facts[f.name] = progress.Count(st.Nodes)
		if f.best {
			facts[f.name+"best"], facts[f.name+"score"] = st.Best, st.White.Text
		}
	}
	for name, m := range map[string]Method{"firstRandom": AlphaBeta, "firstCaptures": Ordered, "firstEngine": EngineOrder} {
		tree, err := Search(ctx, p, m, 3, TreeOptions{Quiescence: true})
		if err != nil {
			return nil, err
		}
		facts[name] = progress.Count(firstRefutation(tree))
	}
	tree, err := Search(ctx, p, Ordered, 1, TreeOptions{Quiescence: true})
	if err != nil {
		return nil, err
	}
	v, err := tree.Children(ParsePath(lessonViews[4].Path), 1)
	if err != nil {
		return nil, err
	}
	facts["qxf7"] = v.White.Text
	return facts, nil
}

// firstRefutation returns how many positions the tree's search had
// visited when it first refuted a move of the root's: when the first cut
// one ply down fired (0 if none did).
func firstRefutation(t *Tree) uint64 {
	var first uint64
	for _, c := range t.Root().Children {
		if end := uint64(c.Visit) + c.Size; c.Cut && (first == 0 || end < first) {
			first = end
		}
	}
	return first
}

var lessonFactsOnce = sync.OnceValues(func() (map[string]string, error) {
	return lessonFacts(context.Background())
})

// GetLesson returns the lesson in l, its numbers filled in (computed once,
// in a few tens of milliseconds).
func GetLesson(l i18n.Lang) (Lesson, error) {
	facts, err := lessonFactsOnce()
	if err != nil {
		return Lesson{}, err
	}
	text, ok := lessonTexts[l]
	if !ok {
		text = lessonTexts[i18n.English]
	}
	pairs := make([]string, 0, 2*len(facts))
	for k, v := range facts {
		pairs = append(pairs, "{"+k+"}", v)
	}
	fill := strings.NewReplacer(pairs...)
	les := Lesson{Lang: l, Title: text.title, Intro: fill.Replace(text.intro)}
	for i, st := range text.steps {
		step := LessonStep{Title: st[0], Show: lessonViews[i]}
		for _, para := range st[1:] {
			step.Text = append(step.Text, fill.Replace(para))
		}
		les.Steps = append(les.Steps, step)
	}
	return les, nil
}

// lessonTry is "Try it" in each language, before a step's command.
var lessonTry = map[i18n.Lang]string{i18n.English: "Try it: ", i18n.Chinese: "动手试试："}

// WriteLesson writes the lesson in l for a terminal: each step's text and
// the command that shows its tree.
func WriteLesson(w io.Writer, l i18n.Lang) error {
	les, err := GetLesson(l)
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\n%s\n", les.Title, les.Intro)
	for _, st := range les.Steps {
		fmt.Fprintf(&b, "\n%s\n\n", st.Title)
		for _, para := range st.Text {
			b.WriteString(para + "\n\n")
		}
		fmt.Fprintf(&b, "  %s%s\n", lessonTry[les.Lang], st.Show.Command())
	}
	_, err = io.WriteString(w, b.String())
	return err
}
